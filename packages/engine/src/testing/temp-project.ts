// Test helper: writes a throwaway project tree (path -> content) under the OS temp dir and cleans it up.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function tempProject(files: Record<string, string | Buffer>): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'duescan-test-'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
