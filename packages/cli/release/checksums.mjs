// SHA256SUMS (the format `sha256sum -c` reads) and manifest.json for the files in the downloads folder.
// The server serves both; the docs page reads manifest.json, so the checksums it shows are the real ones.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SUMS_FILE = 'SHA256SUMS';
export const MANIFEST_FILE = 'manifest.json';

export function sha256File(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Hashes every artefact in `dir` (not the two files written here) and writes SHA256SUMS and manifest.json. */
export function writeChecksums(dir, { version, notes = {} }) {
  const names = readdirSync(dir)
    .filter((n) => n !== SUMS_FILE && n !== MANIFEST_FILE && !n.startsWith('.') && statSync(join(dir, n)).isFile())
    .sort();
  const files = names.map((name) => ({
    name,
    bytes: statSync(join(dir, name)).size,
    sha256: sha256File(join(dir, name)),
    ...(notes[name] ? { note: notes[name] } : {}),
  }));
  // Renamed into place: the server may be reading the old file while a build writes the new one.
  const replace = (name, text) => {
    writeFileSync(join(dir, `.${name}.tmp`), text);
    renameSync(join(dir, `.${name}.tmp`), join(dir, name));
  };
  replace(MANIFEST_FILE, JSON.stringify({ version, files }, null, 2) + '\n');
  replace(SUMS_FILE, files.map((f) => `${f.sha256}  ${f.name}\n`).join(''));
  return files;
}
