/**
 * Builds the web app's two pages into one folder (web/dist unless told otherwise): the staff app, then
 * the tenants' portal beside it (web/vite.config.ts says why they are built apart). `npm run build:web`,
 * `npm start` and the end-to-end tests' private build all come through here.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './emulator';

/** Throws when a build fails (Vite has printed why). */
export function buildWeb(outDir?: string): void {
  for (const mode of ['production', 'portal']) {
    const args = ['vite', 'build', '--config', 'web/vite.config.ts', '--mode', mode, '--logLevel', 'warn', ...(outDir ? ['--outDir', outDir] : [])];
    const result = spawnSync('npx', args, { cwd: REPO_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`The web app's ${mode === 'portal' ? 'portal page' : 'staff app'} did not build; see the messages above.`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWeb();
