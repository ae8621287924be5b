// Current Bandit from its source (PyCQA/bandit, extracted with the session's `fetch` to /work/ext/bandit) on pyenv's
// CPython 3.12, with Debian's python3-stevedore, -yaml and -rich. Debian's Bandit 1.6 cannot parse Python 3.12
// syntax, which made it look faster and weaker than it is. Bandit finds its plugins through stevedore entry points,
// i.e. package metadata, and the checkout has none (PyPI is not reachable to install it): we write the dist-info
// pip would write (METADATA + entry_points.txt from setup.cfg) into a directory put on PYTHONPATH.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BANDIT_SOURCE = process.env.BANDIT_SOURCE ?? '/work/ext/bandit';
export const BANDIT_PYTHON = process.env.BANDIT_PYTHON ?? '/root/.pyenv/versions/3.12.1/bin/python3';
const DEBIAN_SITE = '/usr/lib/python3/dist-packages';

/** The [entry_points] section of setup.cfg in entry_points.txt form (the same INI layout, one group per key). */
export function entryPointsTxt(setupCfg: string): string {
  const section = /^\[entry_points\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(setupCfg)?.[1] ?? '';
  const out: string[] = [];
  for (const line of section.split('\n')) {
    const group = /^([\w.]+)\s*=\s*$/.exec(line);
    if (group) out.push(`\n[${group[1]}]`);
    else if (/^\s+\S/.test(line) && !/^\s+#/.test(line)) out.push(line.trim());
  }
  return out.join('\n').trim() + '\n';
}

/** Command, arguments prefix and environment that run Bandit; throws with the setup steps when it cannot. */
export function banditRunner(): { cmd: string; args: string[]; env: NodeJS.ProcessEnv; version: string } {
  if (!existsSync(join(BANDIT_SOURCE, 'bandit/__init__.py')))
    throw new Error(`Bandit source not found in ${BANDIT_SOURCE}: fetch PyCQA/bandit and extract it there (git archive | tar -x).`);
  if (!existsSync(BANDIT_PYTHON)) throw new Error(`${BANDIT_PYTHON} not found: set BANDIT_PYTHON to a CPython >= 3.12.`);
  const described = process.env.BANDIT_VERSION ?? readVersion();
  const version = /^\d+\.\d+\.\d+/.exec(described)?.[0] ?? '0.0.0';
  const meta = join(BANDIT_SOURCE, '.duescan-meta', `bandit-${version}.dist-info`);
  if (!existsSync(join(meta, 'entry_points.txt'))) {
    mkdirSync(meta, { recursive: true });
    writeFileSync(join(meta, 'METADATA'), `Metadata-Version: 2.1\nName: bandit\nVersion: ${version}\n`);
    writeFileSync(join(meta, 'entry_points.txt'), entryPointsTxt(readFileSync(join(BANDIT_SOURCE, 'setup.cfg'), 'utf8')));
  }
  const env = { ...process.env, PYTHONPATH: [BANDIT_SOURCE, join(BANDIT_SOURCE, '.duescan-meta'), DEBIAN_SITE].join(':') };
  const probe = spawnSync(BANDIT_PYTHON, ['-m', 'bandit', '--version'], { env, encoding: 'utf8' });
  if (probe.status !== 0)
    throw new Error(`Bandit does not start (${(probe.stderr || probe.stdout).trim().split('\n').pop()}): apt-get install -y python3-stevedore python3-yaml python3-rich`);
  return { cmd: BANDIT_PYTHON, args: ['-m', 'bandit'], env, version: `Bandit ${described} (source, CPython 3.12)` };
}

/** The checkout's release: BANDIT_VERSION, or `bandit.version` beside the checkout (git describe of the fetched
 * commit, written when extracting it), else "unknown". Only the label and the dist-info name use it. */
function readVersion(): string {
  const note = join(BANDIT_SOURCE, '..', 'bandit.version');
  return existsSync(note) ? readFileSync(note, 'utf8').trim() : '0.0.0';
}
