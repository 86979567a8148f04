/** Semver comparison for the out-of-date banner: is the server's version newer than this build? */

function parts(version: string): number[] {
  // Pre-release and build suffixes do not count: 2.18.11-rc.1 is treated as 2.18.11.
  const core = version.trim().replace(/^v/i, '').split(/[-+]/)[0] ?? '';
  return core.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : 0));
}

export function isNewerVersion(server: string, client: string): boolean {
  const a = parts(server);
  const b = parts(client);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}
