// Copy-paste detection by line-window hashing: every window of WINDOW consecutive normalized code lines is
// hashed; a hash seen at two places marks both windows duplicated. Linear in code size, one Map of numbers.
import type { QualityMetrics } from '../../types';

export const WINDOW = 6;
const MAX_OCCURRENCES = 8; // boilerplate repeated hundreds of times would make pairing quadratic
const TOP_BLOCKS = 10;

interface FileLines {
  path: string;
  /** Normalized non-trivial lines and their 1-based line numbers. */
  hashes: Uint32Array;
  lineNumbers: Uint32Array;
}

// Lines that carry no logic: braces, blank, comments, imports. Duplicated imports are not copy-paste.
const TRIVIAL = /^(?:[{}()[\];,]*|\/\/.*|#.*|\/\*.*|\*.*|import\b.*|from\s+\S+\s+import\b.*|package\s.*|@\w+)$/;

function fnv1a(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

export function normalizeLines(path: string, text: string): FileLines {
  const hashes: number[] = [];
  const lineNumbers: number[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim().replace(/\s+/g, ' ');
    if (line.length < 3 || TRIVIAL.test(line)) continue;
    hashes.push(fnv1a(line, 2166136261));
    lineNumbers.push(i + 1);
  }
  return { path, hashes: Uint32Array.from(hashes), lineNumbers: Uint32Array.from(lineNumbers) };
}

/** 53-bit window key from two independent 32-bit mixes of the line hashes: collisions are negligible. */
function windowKey(hashes: Uint32Array, start: number): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = start; i < start + WINDOW; i++) {
    a = Math.imul(a ^ hashes[i]!, 0x01000193) >>> 0;
    b = Math.imul(b + hashes[i]!, 0x5bd1e995) >>> 0;
  }
  return a * 0x200000 + (b & 0x1fffff);
}

interface Occurrence {
  file: number;
  index: number;
}

/** Duplicated share of the normalized code lines across all given files, with the largest blocks. */
export function findDuplication(files: FileLines[]): QualityMetrics['duplication'] {
  let totalLines = 0;
  for (const f of files) totalLines += f.hashes.length;
  const seen = new Map<number, Occurrence[]>();
  files.forEach((f, file) => {
    for (let index = 0; index + WINDOW <= f.hashes.length; index++) {
      const key = windowKey(f.hashes, index);
      const list = seen.get(key);
      if (!list) seen.set(key, [{ file, index }]);
      else if (list.length < MAX_OCCURRENCES) list.push({ file, index });
    }
  });
  const duplicated = files.map((f) => new Uint8Array(f.hashes.length));
  // Pair each later occurrence with the first; consecutive windows with the same pairing form one block.
  const runs = new Map<string, { files: [number, number]; delta: number; from: number; to: number }[]>();
  for (const list of seen.values()) {
    if (list.length < 2) continue;
    const first = list[0]!;
    for (const occ of list) duplicated[occ.file]!.fill(1, occ.index, occ.index + WINDOW);
    for (const other of list.slice(1)) {
      const delta = other.index - first.index;
      const pairKey = `${first.file}:${other.file}:${delta}`;
      const blocks = runs.get(pairKey) ?? [];
      const last = blocks[blocks.length - 1];
      if (last && first.index <= last.to + 1 && first.index >= last.from) last.to = Math.max(last.to, first.index);
      else blocks.push({ files: [first.file, other.file], delta, from: first.index, to: first.index });
      runs.set(pairKey, blocks);
    }
  }
  const blocks: { files: string[]; lines: number }[] = [];
  for (const list of runs.values()) {
    for (const run of list) {
      const f = files[run.files[0]]!;
      const g = files[run.files[1]]!;
      const lines = f.lineNumbers[run.to + WINDOW - 1]! - f.lineNumbers[run.from]! + 1;
      // 'path:line' of both copies, so a reader can open them side by side.
      blocks.push({
        files: [`${f.path}:${f.lineNumbers[run.from]}`, `${g.path}:${g.lineNumbers[run.from + run.delta]}`],
        lines,
      });
    }
  }
  blocks.sort((x, y) => y.lines - x.lines || x.files[0]!.localeCompare(y.files[0]!));
  let duplicatedLines = 0;
  for (const marks of duplicated) for (const m of marks) duplicatedLines += m;
  const percent = totalLines > 0 ? Math.round((duplicatedLines / totalLines) * 1000) / 10 : 0;
  return { duplicatedLines, percent, blocks: blocks.slice(0, TOP_BLOCKS) };
}
