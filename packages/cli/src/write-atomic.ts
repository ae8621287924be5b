// Outputs are written to a temp file and renamed, so an interrupted run never leaves a half-written report.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';

/** `mode` applies from creation, so a secret is never readable by others, not even for a moment. */
export async function writeAtomic(path: string, data: string | Uint8Array, mode?: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  await writeFile(tmp, data, mode === undefined ? undefined : { mode });
  await rename(tmp, path);
}
