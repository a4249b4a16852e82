import { rmSync } from 'node:fs';

/** Removes the server's temporary DATA_DIR. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('svc-e2e-')) rmSync(dir, { recursive: true, force: true });
}
