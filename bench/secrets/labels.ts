// Line labels for the secrets bench, built at run time from a local mirror of Samsung/CredData (MIT): its
// snapshot.json names each labelled repository and commit, meta/<id>.csv holds one row per labelled line. CredData
// renames every file to data/<repo id>/<scope>/<sha256(original path)[:8]>.<ext>; the original path is recovered
// by hashing the paths of the repository at the labelled commit (download_data.py does the same).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

export type Truth = 'T' | 'F' | 'X';

export interface LineLabel {
  /** Path in the labelled repository. */
  file: string;
  lineStart: number;
  lineEnd: number;
  truth: Truth;
  category: string;
}

export interface ManifestRepo {
  repo: string;
  commit: string;
  meta: string;
}

const git = (gitDir: string, ...args: string[]) =>
  execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** RFC 4180 rows (CredData quotes no field today, but a quoted comma must not shift the columns). */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field.replace(/\r$/, ''));
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      endRow();
    } else {
      field += c;
    }
  }
  if (field || row.length) endRow();
  const [header, ...body] = rows;
  if (!header) return [];
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** CredData's meta file name for a snapshot key: crc32 of the key's bytes, as 8 hex digits. */
export function metaIdOf(snapshotKey: string): string {
  return crc32(Buffer.from(snapshotKey, 'hex')).toString(16).padStart(8, '0');
}

/** Checks the manifest row against CredData's own snapshot.json, so a wrong commit or meta file fails loudly. */
export function checkAgainstSnapshot(credDataGit: string, entry: ManifestRepo): void {
  const snapshot = JSON.parse(git(credDataGit, 'show', 'HEAD:snapshot.json')) as Record<string, string>;
  const key = Object.keys(snapshot).find(
    (k) => k.startsWith(entry.commit) && snapshot[k]!.replace(/\/$/, '').endsWith(`/${entry.repo}`),
  );
  if (!key) throw new Error(`CredData's snapshot.json has no ${entry.repo} at ${entry.commit}`);
  const expected = `meta/${metaIdOf(key)}.csv`;
  if (expected !== entry.meta) throw new Error(`${entry.repo}: manifest says ${entry.meta}, snapshot gives ${expected}`);
}

/** Every labelled line of one repository, with its original path. */
export function loadLabels(credDataGit: string, repoGit: string, entry: ManifestRepo): LineLabel[] {
  checkAgainstSnapshot(credDataGit, entry);
  const rows = parseCsv(git(credDataGit, 'show', `HEAD:${entry.meta}`));
  const byId = new Map<string, string>();
  for (const path of git(repoGit, 'ls-tree', '-r', '--name-only', '-z', entry.commit).split('\0')) {
    if (path) byId.set(createHash('sha256').update(path).digest('hex').slice(0, 8), path);
  }
  return rows.map((r) => {
    const file = byId.get(r.FileID!);
    if (!file) throw new Error(`${entry.repo}: no file at ${entry.commit} hashes to CredData FileID ${r.FileID}`);
    const truth = r.GroundTruth as Truth;
    if (!['T', 'F', 'X'].includes(truth)) throw new Error(`${entry.repo}: unknown GroundTruth "${r.GroundTruth}"`);
    const lineStart = Number(r.LineStart);
    const lineEnd = Number(r.LineEnd) || lineStart;
    return { file, lineStart, lineEnd, truth, category: r.Category ?? '' };
  });
}
