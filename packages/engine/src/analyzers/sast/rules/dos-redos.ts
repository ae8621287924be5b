// DoS/ReDoS pack: regex literals with catastrophic backtracking, regexes compiled from request data, and
// request body limits raised to effectively unbounded sizes.
import type { SgNode } from '@ast-grep/napi';
import { callArgs, isStaticString, kwarg, objectProp, positionalArgs, stringValue } from '../patterns/nodes';
import { isReDoSVulnerable } from '../patterns/redos';
import { OWASP, cweRef, defineRules, javaCall, jsCall, jsNew, owaspRef, pyCall } from './meta';

const redosRefs = [
  cweRef(1333, 'Inefficient Regular Expression Complexity'),
  owaspRef('A04'),
  { title: 'OWASP: Regular expression Denial of Service (ReDoS)', url: 'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS' },
];
const vulnerableLiteral = (arg: SgNode | null | undefined, fullMatch = false) => !!arg && isStaticString(arg) && isReDoSVulnerable(stringValue(arg), fullMatch);

const redosBase = {
  title: 'Regular expression with catastrophic backtracking',
  pack: 'dos-redos' as const,
  severity: 'medium' as const,
  confidence: 'medium' as const,
  cwe: ['CWE-1333'],
  owasp: [OWASP.A04],
  message: 'The regex nests or overlaps unbounded repetitions ((a+)+, (\\w|\\d)*), so matching can take exponential time.',
  impact: 'One crafted input string can pin a CPU core for minutes, blocking the server (denial of service).',
  references: redosRefs,
};
const PY_RE = '(re|regex)\\.(compile|match|search|fullmatch|findall|finditer|sub|subn|split)';
const PY_REQ = /\brequest\.(args|form|values|GET|POST|query_params|json|data|headers|cookies|get_json)\b/;
const JS_REQ = /\b(req|request|ctx\.request|ctx)\.(query|body|params|headers)\b/;

/** "50mb" / "1gb" / Infinity / numbers of bytes above 100 MB. */
function hugeLimit(v: SgNode | null): boolean {
  if (!v) return false;
  const t = v.text().replace(/['"`_\s]/g, '').toLowerCase();
  if (t === 'infinity' || t === 'number.max_safe_integer') return true;
  const m = /^(\d+(?:\.\d+)?)(b|kb|mb|gb|tb)?$/.exec(t);
  if (!m) return false;
  const mult = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 }[(m[2] ?? 'b') as 'b'];
  return Number(m[1]) * mult >= 100 * 1024 ** 2;
}

export const dosRules = defineRules([
  {
    id: 'py.dos.request-without-timeout',
    title: 'Outbound HTTP request without a timeout',
    pack: 'dos-redos',
    languages: ['python'],
    severity: 'low',
    confidence: 'high',
    cwe: ['CWE-400'],
    owasp: [OWASP.A04],
    message: 'requests is called without timeout=, so it can wait forever on a slow or hostile server.',
    impact: 'Hung connections pile up and exhaust worker threads, taking the service down.',
    fix: { guidance: 'Always pass a timeout (connect, read) in seconds.', example: 'requests.get(url, timeout=(3.05, 30))' },
    references: [cweRef(400, 'Uncontrolled Resource Consumption'), owaspRef('A04'), { title: 'Requests docs: Timeouts', url: 'https://requests.readthedocs.io/en/latest/user/advanced/#timeouts' }],
    tree: {
      python: [
        pyCall(['requests.'], 'requests\\.(get|post|put|patch|delete|head|options|request)', (n) => !kwarg(n, 'timeout') && !callArgs(n).some((a) => (a.kind() as string) === 'dictionary_splat')),
      ],
    },
  },
  {
    ...redosBase,
    id: 'py.redos.catastrophic-backtracking',
    languages: ['python'],
    fix: { guidance: 'Remove nested/overlapping quantifiers, bound repetitions, or use the re2 engine for untrusted input.', example: "re.compile(r'^\\w+(\\s\\w+)*$')  # each repetition starts with a distinct separator" },
    tree: { python: [pyCall(['re.', 'regex.'], PY_RE, (n) => vulnerableLiteral(positionalArgs(n)[0] ?? kwarg(n, 'pattern'), /fullmatch$/.test(n.field('function')?.text() ?? '')))] },
  },
  {
    ...redosBase,
    id: 'js.redos.catastrophic-backtracking',
    languages: ['javascript', 'typescript'],
    fix: { guidance: 'Remove nested/overlapping quantifiers or bound them; validate input length first.', example: 'const re = /^\\w+(\\s\\w+)*$/;' },
    tree: {
      js: [
        { keywords: ['+', '*', '{'], rule: { kind: 'regex' }, where: (n) => isReDoSVulnerable(n.field('pattern')?.text() ?? '') },
        jsNew(['RegExp'], 'RegExp', (n) => vulnerableLiteral(positionalArgs(n)[0])),
        jsCall(['RegExp'], 'RegExp', (n) => vulnerableLiteral(positionalArgs(n)[0])),
      ],
    },
  },
  {
    ...redosBase,
    id: 'java.redos.catastrophic-backtracking',
    languages: ['java'],
    fix: { guidance: 'Remove nested/overlapping quantifiers, use possessive quantifiers (a++) or bound input length.', example: 'Pattern.compile("^\\\\w++(\\\\s\\\\w++)*$")' },
    tree: {
      java: [
        // Pattern.matches / String.matches match the whole input: the end is an implicit anchor.
        javaCall(['Pattern'], 'compile|matches', (n) => vulnerableLiteral(positionalArgs(n)[0], n.field('name')?.text() === 'matches'), '([\\w.]+\\.)?Pattern'),
        javaCall(['matches', 'replaceAll', 'replaceFirst', 'split'], 'matches|replaceAll|replaceFirst|split', (n) => !/Pattern$/.test(n.field('object')?.text() ?? '') && vulnerableLiteral(positionalArgs(n)[0], n.field('name')?.text() === 'matches')),
      ],
    },
  },
  {
    id: 'py.dos.regex-from-request',
    title: 'Regular expression built from request data',
    pack: 'dos-redos',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-1333', 'CWE-400'],
    owasp: [OWASP.A04],
    message: 'A regex pattern is taken directly from request data.',
    impact: 'Users can submit a catastrophic pattern and exhaust CPU (ReDoS), or match data they should not see.',
    fix: { guidance: 'Escape user text with re.escape() before using it in a pattern, or match literally.', example: 're.search(re.escape(term), text)' },
    references: redosRefs,
    tree: { python: [pyCall(['re.', 'regex.'], PY_RE, (n) => { const a = positionalArgs(n)[0]; return !!a && PY_REQ.test(a.text()) && !/escape\(/.test(a.text()); })] },
  },
  {
    id: 'js.dos.regex-from-request',
    title: 'Regular expression built from request data',
    pack: 'dos-redos',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-1333', 'CWE-400'],
    owasp: [OWASP.A04],
    message: 'new RegExp() compiles a pattern taken directly from request data.',
    impact: 'Users can submit a catastrophic pattern and exhaust the event loop (ReDoS) for every client.',
    fix: { guidance: 'Escape user text (e.g. lodash escapeRegExp) or use plain string search.', example: 'text.includes(String(req.query.q))' },
    references: redosRefs,
    tree: { js: [jsNew(['RegExp'], 'RegExp', (n) => { const a = positionalArgs(n)[0]; return !!a && JS_REQ.test(a.text()) && !/escape/i.test(a.text()); })] },
  },
  {
    id: 'js.dos.unbounded-body-limit',
    title: 'Request body size limit effectively removed',
    pack: 'dos-redos',
    languages: ['javascript', 'typescript'],
    severity: 'low',
    confidence: 'high',
    cwe: ['CWE-770'],
    owasp: [OWASP.A04],
    message: 'A body parser is configured with a limit of 100 MB or more (or Infinity).',
    impact: 'A few large requests can exhaust memory and take the service down.',
    fix: { guidance: 'Keep JSON/form limits small (the 100kb default or a few MB) and stream real uploads to storage.', example: "app.use(express.json({ limit: '1mb' }));" },
    references: [cweRef(770, 'Allocation of Resources Without Limits or Throttling'), owaspRef('A04')],
    tree: { js: [jsCall(['limit'], '(express|bodyParser|koaBody|fastify)?\\.?(json|urlencoded|raw|text|bodyParser|koaBody)', (n) => hugeLimit(objectProp(positionalArgs(n)[0], 'limit')) || hugeLimit(objectProp(positionalArgs(n)[0], 'bodyLimit')))] },
  },
]);
