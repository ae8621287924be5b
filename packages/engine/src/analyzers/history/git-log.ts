// One `git log --name-only` pass, streamed and bounded: the commit and file-change facts every history metric
// is computed from (--numstat would diff every blob for line counts no metric uses: 20x slower on express).
// The repository is untrusted input: git runs with an argument array (no shell), without
// repository-configured helpers that could execute code, with a time limit and a commit cap.
import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Commit {
  /** Lower-cased e-mail (or name when there is none): one identity per person, after .mailmap. */
  author: string;
  name: string;
  /** Unix seconds (author date). */
  time: number;
  files: string[];
}

export const MAX_COMMITS = 50_000;
const TIMEOUT_MS = 60_000;
const RS = '\x1e';
const US = '\x1f';

const SAFE_CONFIG = ['-c', 'core.fsmonitor=false'];

/** A shallow clone (git clone --depth N) holds only recent commits: its history says nothing about the team. */
export function isShallowRepository(root: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('git', [...SAFE_CONFIG, 'rev-parse', '--is-shallow-repository'], { cwd: root, timeout: 10_000, maxBuffer: 4096 }, (err, stdout) =>
      resolve(!err && stdout.trim() === 'true'),
    );
  });
}

export function gitLogArgs(maxCommits = MAX_COMMITS): string[] {
  return [
    // Neutralize config that makes read-only commands run programs from an untrusted repository.
    ...SAFE_CONFIG,
    '-c', 'core.quotePath=false',
    '-c', 'diff.external=',
    '-c', 'log.showSignature=false', // a repo-configured gpg.program would otherwise run on every signed commit
    'log',
    '--no-merges', // merges carry no authored change of their own
    '--no-renames',
    '--no-ext-diff',
    '--no-textconv',
    '--relative', // paths relative to the scanned folder, limited to it (it may be a subfolder of the repo)
    '--name-only',
    `--format=${RS}%aN${US}%aE${US}%at`,
    `--max-count=${maxCommits}`,
    'HEAD',
  ];
}

/** Commits of the repository at `root`, newest first. Rejects when git is missing or the folder is no repository. */
export function readGitLog(root: string, maxCommits = MAX_COMMITS): Promise<Commit[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', gitLogArgs(maxCommits), {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' },
    });
    const commits: Commit[] = [];
    let current: Commit | null = null;
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    const lines = createInterface({ input: child.stdout });
    // Settle only when both the process has exited and every line has been read.
    const drained = new Promise<void>((done) => lines.on('close', done));
    lines.on('line', (line) => {
      if (line.startsWith(RS)) {
        const [name = '', email = '', time = '0'] = line.slice(1).split(US);
        current = { author: (email || name).toLowerCase(), name, time: Number(time), files: [] };
        commits.push(current);
      } else if (current && line) {
        current.files.push(line);
      }
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`git could not be started: ${e.message}`));
    });
    child.on('close', async (code, signal) => {
      clearTimeout(timer);
      await drained;
      if (signal) reject(new Error(`git log stopped after ${TIMEOUT_MS / 1000} s`));
      // An empty repository (no HEAD yet) is a repository with no history, not an error.
      else if (code !== 0 && /does not have any commits|unknown revision|bad default revision/i.test(stderr)) resolve([]);
      else if (code !== 0) reject(new Error(`git log failed: ${stderr.trim().split('\n')[0] ?? `exit ${code}`}`));
      else resolve(commits);
    });
  });
}
