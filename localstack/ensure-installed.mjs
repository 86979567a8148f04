// Runs before `npm start` and `npm test` (npm's pre-scripts), so the two Quick start commands work on a
// fresh clone: installs the locked dependencies when node_modules is missing or older than the lockfile.
// Plain JavaScript on purpose: it runs before tsx is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const modules = join(root, 'node_modules');
const installed = join(modules, '.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  // A node_modules linked to another checkout's (a git worktree sharing one install): npm ci would empty
  // that checkout's folder through the link (seen here), so it is left to whoever owns it.
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
    console.log(`node_modules links to ${realpathSync(modules)}, whose install looks older than package-lock.json: `
      + 'not reinstalling through the link; run npm ci in that checkout if it is out of date.');
    process.exit(0);
  }
  console.log('Installing the locked npm dependencies (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
