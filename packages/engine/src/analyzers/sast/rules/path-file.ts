// Path/file pack: archive extraction without path filtering (zip slip), predictable temp files, world-writable modes.
import type { SgNode } from '@ast-grep/napi';
import { callArgs, enclosingClass, enclosingScope, kwarg, positionalArgs } from '../patterns/nodes';
import { javaRequestDerived } from './java-helpers';
import { OWASP, cweRef, defineRules, javaCall, javaNew, jsCall, owaspRef, pyCall } from './meta';

/**
 * `tempfile.mktemp(dir=settings.MEDIA_TMP)`: the name is in a folder the application chose, not the shared /tmp; the
 * race needs another local user who may create files there. (No dir, None, /tmp, /var/tmp or gettempdir() is shared.)
 */
function inPrivateDir(call: SgNode): boolean {
  const dir = kwarg(call, 'dir') ?? positionalArgs(call)[2];
  return !!dir && !/^None$|['"]\/(var\/)?tmp\/?['"]|gettempdir|tempfile\.tempdir|TMPDIR|TEMP\b/i.test(dir.text());
}

/** chmod modes: an integer literal (0o777, 0777, 511) or octal string with the "others may write" bit. */
function worldWritable(mode: SgNode | undefined): boolean {
  if (!mode) return false;
  if (/S_IWOTH|S_IRWXO/.test(mode.text())) return true;
  const t = mode.text().replace(/['"`_]/g, '');
  let value: number | null = null;
  if (/^0o[0-7]+$/i.test(t)) value = parseInt(t.slice(2), 8);
  else if (/^0[0-7]+$/.test(t) || (mode.kind() as string === 'string' && /^[0-7]{3,4}$/.test(t))) value = parseInt(t, 8);
  else if (/^\d+$/.test(t)) value = parseInt(t, 10);
  return value !== null && (value & 0o002) !== 0;
}

const permRefs = [cweRef(732, 'Incorrect Permission Assignment for Critical Resource'), owaspRef('A01')];
const slipRefs = [cweRef(22, 'Path Traversal'), owaspRef('A01'), { title: 'Snyk: Zip Slip vulnerability', url: 'https://security.snyk.io/research/zip-slip-vulnerability' }];

export const pathRules = defineRules([
  {
    id: 'py.path.tar-extract-unfiltered',
    title: 'tar archive extracted without a path filter',
    pack: 'path-file',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-22'],
    owasp: [OWASP.A01],
    message: "tarfile extractall()/extract() is called without filter='data' or a checked members list.",
    impact: 'A crafted archive can write files outside the target folder (../ paths, absolute paths, links).',
    fix: { guidance: "Pass filter='data' (Python 3.12+, backported) or validate every member path first.", example: "tar.extractall(dest, filter='data')" },
    references: slipRefs,
    tree: {
      python: [
        pyCall(['tarfile'], '[\\w.]+\\.(extractall|extract)', (n) => {
          if (kwarg(n, 'filter') || kwarg(n, 'members')) return false;
          const scope = enclosingScope(n).text();
          return /tarfile|\.tar\b|tar\./.test(scope) && !/zipfile|ZipFile/.test(scope);
        }),
      ],
    },
  },
  {
    id: 'java.path.zip-slip',
    title: 'Archive entry name used as a file path (zip slip)',
    pack: 'path-file',
    languages: ['java'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-22'],
    owasp: [OWASP.A01],
    message: 'A file is created from an archive entry name without checking the resolved path stays in the target folder.',
    impact: 'A crafted archive can overwrite files anywhere the process can write (code, config, keys).',
    fix: { guidance: 'Resolve and normalize the path, then check it starts with the target directory.', example: 'Path p = dest.resolve(entry.getName()).normalize(); if (!p.startsWith(dest)) throw new IOException("bad entry");' },
    references: slipRefs,
    tree: {
      java: [
        javaNew(['getName'], 'File|FileOutputStream', (n) =>
          positionalArgs(n).some((a) => /\b\w*[Ee]ntry\w*\.getName\(\)/.test(a.text())) &&
          !/(getCanonicalPath|normalize\(\)|startsWith\()/.test(enclosingClass(n).text()),
        ),
      ],
    },
  },
  {
    id: 'java.path.request-data-in-file-path',
    evidence: 'input',
    title: 'File path built from request data',
    pack: 'path-file',
    languages: ['java'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-22'],
    owasp: [OWASP.A01],
    message: 'A file is opened with a path that comes from request data in the same method, without normalization and containment check.',
    impact: 'Path traversal: "../" sequences let an attacker read or overwrite files outside the intended folder.',
    fix: { guidance: 'Resolve against a base directory, normalize, and check the result stays inside it (or map ids to files).', example: 'Path p = base.resolve(name).normalize(); if (!p.startsWith(base)) throw new SecurityException();' },
    references: [cweRef(22, 'Path Traversal'), owaspRef('A01')],
    tree: {
      java: [
        javaNew(['File', 'Stream', 'Reader', 'Writer', 'RandomAccessFile'], '(java\\.io\\.)?(File|FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile)', (n) =>
          callArgs(n).some((a) => javaRequestDerived(a)) && !/(getCanonicalPath|normalize\(\)|startsWith\()/.test(enclosingScope(n).text()),
        ),
        javaCall(['Paths', 'Path.of'], 'get|of', (n) => callArgs(n).some((a) => javaRequestDerived(a)) && !/(normalize\(\)|startsWith\()/.test(enclosingScope(n).text()), '([\\w.]+\\.)?(Paths|Path)'),
      ],
    },
  },
  {
    id: 'py.path.insecure-temp-file',
    title: 'Predictable temporary file name',
    pack: 'path-file',
    languages: ['python'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-377'],
    owasp: [OWASP.A01],
    message: 'tempfile.mktemp() returns a name without creating the file, leaving a race window.',
    impact: 'Another local user can create or link the file first and read or overwrite its contents.',
    fix: { guidance: 'Use NamedTemporaryFile / mkstemp, which create the file atomically.', example: 'with tempfile.NamedTemporaryFile(delete=False) as f: ...' },
    references: [cweRef(377, 'Insecure Temporary File'), owaspRef('A01')],
    tree: { python: [pyCall(['mktemp', 'tempnam', 'tmpnam'], '(tempfile\\.)?mktemp|os\\.(tempnam|tmpnam)', (n) => !inPrivateDir(n))] },
  },
  {
    id: 'py.path.world-writable-permissions',
    title: 'File made world-writable',
    pack: 'path-file',
    languages: ['python'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-732'],
    owasp: [OWASP.A01],
    message: 'os.chmod() grants write permission to all users.',
    impact: 'Any local user or compromised service can modify the file (code, config, data).',
    fix: { guidance: 'Grant the least permissions needed, e.g. 0o600 for secrets and 0o644 for public files.', example: 'os.chmod(path, 0o600)' },
    references: permRefs,
    tree: { python: [pyCall(['chmod'], '(os\\.)?(chmod|fchmod|lchmod)|[\\w.]+\\.chmod', (n) => worldWritable(positionalArgs(n)[1] ?? kwarg(n, 'mode') ?? undefined))] },
  },
  {
    id: 'js.path.world-writable-permissions',
    title: 'File made world-writable',
    pack: 'path-file',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-732'],
    owasp: [OWASP.A01],
    message: 'fs.chmod()/chmodSync() grants write permission to all users.',
    impact: 'Any local user or compromised service can modify the file.',
    fix: { guidance: 'Grant the least permissions needed, e.g. 0o600 for secrets and 0o644 for public files.', example: "fs.chmodSync(path, 0o600);" },
    references: permRefs,
    tree: { js: [jsCall(['chmod'], '([\\w.]+\\.)?(chmod|chmodSync|fchmod|fchmodSync|lchmod|lchmodSync)', (n) => worldWritable(positionalArgs(n)[1]))] },
  },
]);
