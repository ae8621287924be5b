// Ultra: secrets that were committed and later removed. Streams `git log -p` (added lines only, no context)
// and scans each commit's additions per file. Bounded by commit count, bytes read and time, so a huge
// history costs a known amount and says where it stopped.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { isNonProductionPath, isProseFile, isSkippedFile } from './allowlist';
import { findSecrets, type SecretHit } from './find-secrets';

export interface HistoryHit {
  hit: SecretHit;
  file: string;
  commit: { sha: string; date: string };
}

export interface HistoryLimits {
  maxCommits: number;
  maxBytes: number;
  timeoutMs: number;
}

export const DEFAULT_HISTORY_LIMITS: HistoryLimits = { maxCommits: 5000, maxBytes: 256 * 1024 * 1024, timeoutMs: 30_000 };

export interface HistoryScan {
  hits: HistoryHit[];
  commits: number;
  /** Why the scan stopped early, when it did. */
  truncated?: string;
}

interface Chunk {
  commit: { sha: string; date: string };
  file: string;
  lines: string[];
  lineNumbers: number[];
}

const MAX_CHUNK_LINES = 20_000;

function scanChunk(chunk: Chunk, out: HistoryHit[]): void {
  if (chunk.lines.length === 0 || isSkippedFile(chunk.file)) return;
  const nonProduction = isNonProductionPath({ path: chunk.file, isTest: false });
  // History is about keys that were removed but stay readable: the keyword rules stay off in test and docs paths
  // there, where removed sample passwords would bury the one real key.
  const lineOf = (n: number) => chunk.lineNumbers[n - 1] ?? 1;
  for (const hit of findSecrets(chunk.lines.join('\n'), chunk.file, { generic: !nonProduction && !isProseFile(chunk.file) })) {
    out.push({ hit: { ...hit, line: lineOf(hit.line), lines: hit.lines.map(lineOf) }, file: chunk.file, commit: chunk.commit });
  }
}

export async function scanGitHistory(root: string, limits: HistoryLimits = DEFAULT_HISTORY_LIMITS): Promise<HistoryScan> {
  const args = ['-C', root, '-c', 'core.quotepath=off', 'log', '--all', '-p', '--no-color', '--no-ext-diff', '--no-renames',
    '--unified=0', `--max-count=${limits.maxCommits}`, '--format=%x01%H %aI'];
  const child = spawn('git', args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const hits: HistoryHit[] = [];
  let commits = 0;
  let bytes = 0;
  let truncated: string | undefined;
  const stop = (reason: string) => {
    truncated ??= reason;
    child.kill();
  };
  const timer = setTimeout(() => stop(`time limit of ${limits.timeoutMs / 1000} s`), limits.timeoutMs);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.once('error', () => stop('git could not be run'));

  let commit = { sha: '', date: '' };
  let chunk: Chunk | null = null;
  let nextLine = 0;
  const flush = () => {
    if (chunk) scanChunk(chunk, hits);
    chunk = null;
  };
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    bytes += line.length + 1;
    if (bytes > limits.maxBytes) {
      stop(`history larger than ${Math.round(limits.maxBytes / 1048576)} MB`);
      break;
    }
    if (line.startsWith('\x01')) {
      flush();
      const [sha = '', date = ''] = line.slice(1).split(' ');
      commit = { sha, date };
      commits++;
    } else if (line.startsWith('diff --git ')) {
      flush();
    } else if (line.startsWith('+++ ')) {
      flush();
      chunk = line.startsWith('+++ b/') ? { commit, file: line.slice(6), lines: [], lineNumbers: [] } : null;
    } else if (line.startsWith('@@')) {
      nextLine = Number(/\+(\d+)/.exec(line)?.[1] ?? 1);
    } else if (line.startsWith('+') && chunk) {
      const current: Chunk = chunk;
      current.lines.push(line.slice(1));
      current.lineNumbers.push(nextLine++);
      if (current.lines.length >= MAX_CHUNK_LINES) {
        scanChunk(current, hits);
        chunk = { ...current, lines: [], lineNumbers: [] };
      }
    }
  }
  flush();
  clearTimeout(timer);
  await exited;
  if (commits >= limits.maxCommits) truncated ??= `the newest ${limits.maxCommits} commits`;
  return { hits, commits, ...(truncated ? { truncated } : {}) };
}
