import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.e2eProgram;
  if (!running) return;
  await running.program.stop();
  rmSync(running.webRoot, { recursive: true, force: true });
}
