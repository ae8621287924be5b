// Misconfiguration pack: debug mode, permissive CORS, XML parsers that resolve external entities (XXE).
import type { SgNode } from '@ast-grep/napi';
import { callArgs, codeText, enclosingClass, fileNode, isStaticString, kwarg, objectProp, positionalArgs, stringValue } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, jsCall, owaspRef, pyCall } from './meta';
import { optionsObject } from './options-object';

const debugRefs = [cweRef(489, 'Active Debug Code'), owaspRef('A05')];
const corsRefs = [cweRef(942, 'Permissive Cross-domain Policy with Untrusted Domains'), owaspRef('A05'), cheatSheet('HTML5_Security')];
const xxeRefs = [cweRef(611, 'Improper Restriction of XML External Entity Reference'), owaspRef('A05'), cheatSheet('XML_External_Entity_Prevention')];

/**
 * `const app = express()` in a file that neither disables the header nor uses helmet (or its hidePoweredBy): the
 * application's own settings are where it is switched off, so another file's setting is not looked for.
 */
function poweredByLeftOn(n: SgNode): boolean {
  if (callArgs(n).length > 0 || (n.parent()?.kind() as string) !== 'variable_declarator') return false;
  return !/['"`]x-powered-by['"`]|\bhelmet\b|hidePoweredBy/i.test(codeText(fileNode(n)));
}

const isStar = (n: SgNode | null | undefined) => !!n && isStaticString(n) && stringValue(n).trim() === '*';
const ACAO = /^['"`]access-control-allow-origin['"`]$/i;

/** Flask-CORS: credentials allowed while origins is missing (defaults to '*') or '*'. */
function pyCorsCredentialsAnyOrigin(n: SgNode): boolean {
  if (kwarg(n, 'supports_credentials')?.text() !== 'True') return false;
  const origins = kwarg(n, 'origins') ?? kwarg(n, 'origin');
  const resources = kwarg(n, 'resources');
  if (origins) return isStar(origins) || /['"]\*['"]/.test(origins.text());
  return !resources || /["']origins["']\s*:\s*["']\*["']/.test(resources.text());
}

/**
 * Starlette's CORSMiddleware (FastAPI's too) with allow_credentials=True and allow_origins ['*']: for a request that
 * carries cookies it echoes the caller's Origin instead of '*' (starlette/middleware/cors.py), so browsers let any site
 * read credentialed responses. `app.add_middleware(CORSMiddleware, ...)` or `Middleware(CORSMiddleware, ...)`.
 */
function starletteCorsCredentialsAnyOrigin(n: SgNode): boolean {
  if (!/^(\w+\.)*CORSMiddleware$/.test(positionalArgs(n)[0]?.text() ?? '') || kwarg(n, 'allow_credentials')?.text() !== 'True') return false;
  const origins = kwarg(n, 'allow_origins')?.text() ?? '';
  const regex = kwarg(n, 'allow_origin_regex');
  return /^\[\s*['"]\*['"]\s*,?\s*\]$/.test(origins) || (!!regex && isStaticString(regex) && /^\^?\.[*+]\$?$/.test(stringValue(regex)));
}

/**
 * cors({ origin: true, credentials: true }): the request's own origin is echoed back, so any site may read
 * credentialed responses. With origin '*' (or left out, whose default is '*') the cors package sends the literal
 * `Access-Control-Allow-Origin: *`, which browsers refuse for credentialed requests: that is a wildcard origin
 * (cors-wildcard-origin), not credentials for any site.
 */
function jsCorsCredentialsAnyOrigin(n: SgNode): boolean {
  const opts = optionsObject(positionalArgs(n)[0]);
  if (!opts || objectProp(opts, 'credentials')?.text() !== 'true') return false;
  return objectProp(opts, 'origin')?.text() === 'true';
}

/** Java XML factories with no hardening feature anywhere in the class. */
const JAVA_XXE_GUARD = /(disallow-doctype-decl|external-general-entities|ACCESS_EXTERNAL_DTD|ACCESS_EXTERNAL_SCHEMA|SUPPORT_DTD|IS_SUPPORTING_EXTERNAL_ENTITIES|setExpandEntityReferences\(\s*false|load-external-dtd)/;

export const misconfigurationRules = defineRules([
  {
    id: 'py.misconfig.flask-debug-enabled',
    title: 'Flask app run with debug=True',
    pack: 'misconfiguration',
    languages: ['python'],
    // app.run() is Flask's development server, which a production WSGI server never calls: 0 of 8 sampled on 184 real
    // projects ran in production (developer scripts, local_main(), profilers)
    signal: 'weak',
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-489'],
    owasp: [OWASP.A05],
    message: 'app.run(debug=True) enables the Werkzeug debugger.',
    impact: 'If reachable, the interactive debugger lets anyone run Python code on the server; tracebacks leak internals.',
    fix: { guidance: 'Drive debug from configuration that is off in production.', example: "app.run(debug=os.environ.get('FLASK_DEBUG') == '1')" },
    references: debugRefs,
    // The local development server started under `if __name__ == "__main__":` on the loopback interface (Flask's
    // default host) is how Flask apps are run by developers; production runs a WSGI server that never executes it.
    tree: { python: [pyCall(['debug'], '[\\w.]+\\.run', (n) => kwarg(n, 'debug')?.text() === 'True' && !(underMainGuard(n) && loopbackHost(n)))] },
  },
  {
    id: 'py.misconfig.django-debug-enabled',
    title: 'DEBUG = True in settings code',
    pack: 'misconfiguration',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-489'],
    owasp: [OWASP.A05],
    message: 'A module sets DEBUG = True unconditionally.',
    impact: 'Debug pages expose settings, SQL and stack traces to anyone who triggers an error.',
    fix: { guidance: 'Read DEBUG from the environment, defaulting to False.', example: "DEBUG = os.environ.get('DJANGO_DEBUG') == '1'" },
    references: debugRefs,
    tree: {
      python: [
        {
          keywords: ['DEBUG'],
          rule: { kind: 'assignment', all: [{ has: { field: 'left', regex: '^DEBUG$' } }, { has: { field: 'right', kind: 'true' } }] },
          where: (n) => n.parent()?.parent()?.kind() as string === 'module',
        },
      ],
    },
  },
  {
    id: 'py.misconfig.cors-credentials-any-origin',
    title: 'CORS allows credentials from any origin',
    pack: 'misconfiguration',
    languages: ['python'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-942'],
    owasp: [OWASP.A05],
    message: "CORS allows credentials for any origin: Flask-CORS with supports_credentials=True and origins '*' (the default), or Starlette's CORSMiddleware with allow_credentials=True and allow_origins ['*'] (it then echoes the caller's Origin).",
    impact: 'Any website can make authenticated requests as the visiting user and read the responses.',
    fix: { guidance: 'List the exact trusted origins when credentials are allowed.', example: "CORS(app, origins=['https://app.example.com'], supports_credentials=True)" },
    references: corsRefs,
    tree: {
      python: [
        pyCall(['CORS', 'cross_origin'], '(flask_cors\\.)?(CORS|cross_origin)', pyCorsCredentialsAnyOrigin),
        pyCall(['CORSMiddleware'], '(\\w+\\.)*(add_middleware|Middleware)', starletteCorsCredentialsAnyOrigin),
      ],
    },
  },
  {
    id: 'py.misconfig.cors-wildcard-origin',
    title: "CORS allows any origin ('*')",
    pack: 'misconfiguration',
    languages: ['python'],
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-942'],
    owasp: [OWASP.A05],
    message: "Access-Control-Allow-Origin is set to '*' (or CORS origins='*').",
    impact: 'Any website can read these responses; acceptable only for truly public, unauthenticated data.',
    fix: { guidance: 'Restrict origins to the sites that need access.', example: "CORS(app, origins=['https://app.example.com'])" },
    references: corsRefs,
    tree: {
      python: [
        pyCall(['CORS', 'cross_origin'], '(flask_cors\\.)?(CORS|cross_origin)', (n) => kwarg(n, 'supports_credentials')?.text() !== 'True' && isStar(kwarg(n, 'origins'))),
        {
          keywords: ['Access-Control-Allow-Origin', 'access-control-allow-origin'],
          rule: { kind: 'assignment', has: { field: 'left', kind: 'subscript' } },
          where: (n) => isStar(n.field('right')) && ACAO.test(n.field('left')?.field('subscript')?.text() ?? ''),
        },
      ],
    },
  },
  {
    id: 'js.misconfig.x-powered-by',
    title: 'Express announces itself in X-Powered-By',
    pack: 'misconfiguration',
    languages: ['javascript', 'typescript'],
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-200'],
    owasp: [OWASP.A05],
    message: "An Express application is created without app.disable('x-powered-by') or helmet: every response names the framework.",
    impact: 'Scanners fingerprint the framework from the header and pick exploits for it; it also shows no security headers are set.',
    fix: { guidance: "Disable the header, or add helmet(), which removes it and sets the usual security headers.", example: "app.disable('x-powered-by'); // or app.use(helmet());" },
    references: [cweRef(200, 'Exposure of Sensitive Information to an Unauthorized Actor'), owaspRef('A05'), cheatSheet('HTTP_Headers')],
    tree: { js: [jsCall(['express'], 'express', poweredByLeftOn)] },
  },
  {
    id: 'js.misconfig.cors-credentials-any-origin',
    title: 'CORS allows credentials from any origin',
    pack: 'misconfiguration',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-942'],
    owasp: [OWASP.A05],
    message: 'cors() is configured with credentials: true and origin: true, which echoes back any requesting origin.',
    impact: 'Any website can make authenticated requests as the visiting user and read the responses.',
    fix: { guidance: 'Use an explicit origin allow-list when credentials are allowed.', example: "app.use(cors({ origin: ['https://app.example.com'], credentials: true }));" },
    references: corsRefs,
    tree: { js: [jsCall(['cors'], 'cors', jsCorsCredentialsAnyOrigin)] },
  },
  {
    id: 'js.misconfig.cors-wildcard-origin',
    title: "CORS allows any origin ('*')",
    pack: 'misconfiguration',
    languages: ['javascript', 'typescript'],
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-942'],
    owasp: [OWASP.A05],
    message: "Access-Control-Allow-Origin is set to '*'.",
    impact: 'Any website can read these responses; acceptable only for truly public, unauthenticated data.',
    fix: { guidance: 'Restrict origins to the sites that need access.', example: "app.use(cors({ origin: ['https://app.example.com'] }));" },
    references: corsRefs,
    tree: {
      js: [
        jsCall(['Access-Control-Allow-Origin', 'access-control-allow-origin'], '[\\w.]+\\.(setHeader|header|set|append)', (n) => {
          const [name, value] = positionalArgs(n);
          return !!name && ACAO.test(name.text()) && isStar(value);
        }),
        jsCall(['cors'], 'cors', (n) => {
          const opts = optionsObject(positionalArgs(n)[0]);
          const origin = opts && objectProp(opts, 'origin');
          return !!opts && (isStar(origin) || (!origin && objectProp(opts, 'credentials')?.text() === 'true'));
        }),
      ],
    },
  },
  {
    id: 'py.xxe.lxml-external-entities',
    title: 'lxml parser resolves external entities',
    pack: 'misconfiguration',
    languages: ['python'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-611'],
    owasp: [OWASP.A05],
    message: 'An lxml XMLParser is created with resolve_entities=True or no_network=False.',
    impact: 'XML input can read local files or reach internal URLs (XXE), and can exhaust memory.',
    fix: { guidance: 'Use defusedxml, or XMLParser(resolve_entities=False, no_network=True).', example: 'parser = etree.XMLParser(resolve_entities=False, no_network=True)' },
    references: xxeRefs,
    tree: {
      python: [pyCall(['XMLParser'], '(\\w+\\.)*XMLParser', (n) => kwarg(n, 'resolve_entities')?.text() === 'True' || kwarg(n, 'no_network')?.text() === 'False')],
    },
  },
  {
    id: 'js.xxe.libxml-external-entities',
    title: 'libxml parses with entity substitution (noent)',
    pack: 'misconfiguration',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-611'],
    owasp: [OWASP.A05],
    message: 'libxml bindings are asked to substitute entities or load external DTDs (noent: true, XML_PARSE_NOENT, XML_PARSE_DTDLOAD).',
    impact: 'XML input can read local files or reach internal URLs (XXE).',
    fix: { guidance: 'Leave noent off (the default) and avoid DTD processing for untrusted XML.', example: 'const doc = libxmljs.parseXml(xml, { noent: false, nonet: true });' },
    references: xxeRefs,
    tree: {
      js: [
        jsCall(['noent'], '([\\w.]+\\.)?(parseXml|parseXmlString|parseXmlAsync)', (n) => callArgs(n).some((a) => objectProp(a, 'noent')?.text() === 'true')),
        // libxml2-wasm / libxmljs2 option flags for entity substitution and external DTD loading.
        { keywords: ['XML_PARSE_NOENT', 'XML_PARSE_DTDLOAD'], rule: { kind: 'member_expression', has: { field: 'property', regex: '^XML_PARSE_(NOENT|DTDLOAD)$' } } },
      ],
    },
  },
  {
    id: 'java.xxe.parser-factory-unhardened',
    title: 'XML parser factory without XXE hardening',
    pack: 'misconfiguration',
    languages: ['java'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-611'],
    owasp: [OWASP.A05],
    message: 'A DocumentBuilderFactory / SAXParserFactory / XMLInputFactory / TransformerFactory is created without disabling DTDs or external entities.',
    impact: 'Parsing attacker XML can read local files, reach internal URLs (XXE) or exhaust memory.',
    fix: { guidance: 'Disable DOCTYPE declarations (or external entities) on the factory before use.', example: 'dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);' },
    references: xxeRefs,
    tree: {
      java: [
        javaCall(
          ['newInstance', 'newFactory', 'newDefaultInstance'],
          'newInstance|newFactory|newDefaultInstance|newDefaultFactory',
          (n) => !JAVA_XXE_GUARD.test(enclosingClass(n).text()),
          '([\\w.]+\\.)?(DocumentBuilderFactory|SAXParserFactory|XMLInputFactory|TransformerFactory|SAXTransformerFactory|SchemaFactory)',
        ),
      ],
    },
  },
]);

function underMainGuard(n: SgNode): boolean {
  return n.ancestors().some((a) => (a.kind() as string) === 'if_statement' && /^if\s+__name__\s*==\s*["']__main__["']/.test(a.text()));
}

function loopbackHost(n: SgNode): boolean {
  const host = kwarg(n, 'host') ?? positionalArgs(n)[0];
  return !host || /^["'](127\.0\.0\.1|localhost|::1)["']$/.test(host.text());
}
