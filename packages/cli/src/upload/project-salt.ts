// The per-project salt for hashing file paths: random, kept on this machine only (~/.duescan/salts.json,
// owner-readable), keyed by a hash of the project folder so the file never lists the user's folders.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function projectSalt(projectDir: string, homeDir = os.homedir()): Promise<string> {
  const file = path.join(homeDir, '.duescan', 'salts.json');
  const key = createHash('sha256').update(path.resolve(projectDir)).digest('hex');
  const salts = await readSalts(file);
  const existing = salts[key];
  if (existing) return existing;
  const salt = randomBytes(32).toString('base64url');
  salts[key] = salt;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(salts, null, 2) + '\n', { mode: 0o600 });
  await rename(tmp, file);
  return salt;
}

async function readSalts(file: string): Promise<Record<string, string>> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    // A damaged salts file only costs hash continuity between uploads; start a fresh one.
    return {};
  }
}
