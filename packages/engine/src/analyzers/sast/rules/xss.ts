// XSS / output pack, pattern level: HTML built from non-constant strings and escaping switched off.
import type { SgNode } from '@ast-grep/napi';
import { callArgs, isConstant, kwarg, positionalArgs } from '../patterns/nodes';
import { javaRequestDerived } from './java-helpers';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, jsCall, jsNew, owaspRef, pyCall } from './meta';

/** The impact of a template engine that does not escape, whichever language configured it. */
const UNESCAPED_TEMPLATES = 'Every template variable is inserted into HTML unescaped, so user data can inject scripts.';
const xssRefs = [cweRef(79, 'Cross-site Scripting'), owaspRef('A03'), cheatSheet('Cross_Site_Scripting_Prevention')];
const SANITIZED = /(sanitize|purify|escape|encode|DOMPurify|xss\(|textContent)/i;

/** Python string built with interpolation: f-string, .format(), % or +. */
function pyBuiltString(node: SgNode | undefined): boolean {
  if (!node) return false;
  const k = node.kind() as string;
  if (k === 'string') return !isConstant(node);
  if (k === 'binary_operator') return /^(\+|%)$/.test(node.field('operator')?.text() ?? '') && !isConstant(node);
  if (k === 'call') return /\.format$/.test(node.field('function')?.text() ?? '');
  return false;
}

const jsDynamicHtml = (node: SgNode | null | undefined) => !!node && !isConstant(node) && !SANITIZED.test(node.text());

export const xssRules = defineRules([
  {
    id: 'py.xss.jinja-autoescape-disabled',
    signal: 'weak',
    title: 'Jinja2 environment without autoescaping',
    pack: 'xss',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: 'A Jinja2 Environment is created with autoescape off (the default when the argument is missing).',
    impact: UNESCAPED_TEMPLATES,
    fix: { guidance: "Enable autoescaping, e.g. with select_autoescape(['html', 'xml']).", example: "env = Environment(loader=loader, autoescape=select_autoescape(['html', 'xml']))" },
    references: xssRefs,
    tree: {
      python: [
        pyCall(['Environment'], '(jinja2\\.)?Environment', (n) => {
          const ae = kwarg(n, 'autoescape');
          return ae ? ae.text() === 'False' : !callArgs(n).some((a) => a.kind() as string === 'dictionary_splat');
        }),
        // aiohttp-jinja2 escapes by default; only an explicit autoescape=False turns it off
        pyCall(['autoescape'], '(aiohttp_jinja2\\.)?setup', (n) => kwarg(n, 'autoescape')?.text() === 'False'),
      ],
    },
  },
  {
    id: 'js.xss.template-autoescape-disabled',
    signal: 'weak',
    title: 'Template engine with autoescaping switched off',
    pack: 'xss',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: 'A template engine is configured not to escape output (swig/nunjucks autoescape: false, Handlebars noEscape: true): every {{ value }} is written into the page raw.',
    impact: UNESCAPED_TEMPLATES,
    fix: { guidance: 'Keep autoescaping on and mark only trusted, already-sanitized HTML as safe in the template.', example: "nunjucks.configure('views', { autoescape: true });" },
    references: xssRefs,
    tree: {
      js: [
        jsCall(['autoescape'], '(swig\\.)?setDefaults|(nunjucks\\.)?configure', (n) => /\bautoescape['"]?\s*:\s*false\b/.test(n.text())),
        jsNew(['autoescape'], '(nunjucks\\.)?Environment', (n) => /\bautoescape['"]?\s*:\s*false\b/.test(n.text())),
        jsCall(['noEscape'], '(\\w+\\.)?compile', (n) => /\bnoEscape['"]?\s*:\s*true\b/.test(n.text())),
      ],
    },
  },
  {
    id: 'py.xss.markup-from-formatted-string',
    taintSink: true,
    title: 'HTML marked safe after string formatting',
    pack: 'xss',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: 'mark_safe()/Markup() is applied to a string built with f-strings, format, % or concatenation.',
    impact: 'Values interpolated into the string bypass template escaping; user data can inject scripts.',
    fix: { guidance: 'Use format_html() (Django) or Markup(...).format()/escape() so interpolated values are escaped.', example: "format_html('<b>{}</b>', name)" },
    references: xssRefs,
    tree: { python: [pyCall(['mark_safe', 'Markup'], '(\\w+\\.)*(mark_safe|Markup|SafeString)', (n) => pyBuiltString(positionalArgs(n)[0]))] },
  },
  {
    id: 'js.xss.html-sink-dynamic',
    signal: 'weak',
    title: 'Dynamic HTML written into the DOM',
    pack: 'xss',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: 'innerHTML/outerHTML, insertAdjacentHTML or document.write receives a non-constant, unsanitized value.',
    impact: 'DOM-based XSS: attacker-controlled text becomes markup and script in the user\'s browser.',
    fix: { guidance: 'Use textContent for text, or sanitize with DOMPurify before inserting HTML.', example: 'el.textContent = message;' },
    references: xssRefs,
    tree: {
      js: [
        {
          keywords: ['innerHTML', 'outerHTML'],
          rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'member_expression', has: { field: 'property', regex: '^(innerHTML|outerHTML)$' } } },
          where: (n) => jsDynamicHtml(n.field('right')),
        },
        {
          keywords: ['innerHTML', 'outerHTML'],
          rule: { kind: 'augmented_assignment_expression', has: { field: 'left', kind: 'member_expression', has: { field: 'property', regex: '^(innerHTML|outerHTML)$' } } },
          where: (n) => jsDynamicHtml(n.field('right')),
        },
        jsCall(['document.write'], 'document\\.(write|writeln)', (n) => jsDynamicHtml(positionalArgs(n)[0])),
        jsCall(['insertAdjacentHTML'], '[\\w.$\\[\\]()]+\\.insertAdjacentHTML', (n) => jsDynamicHtml(positionalArgs(n)[1])),
      ],
    },
  },
  {
    id: 'js.xss.react-dangerously-set-inner-html',
    signal: 'weak',
    title: 'dangerouslySetInnerHTML with unsanitized value',
    pack: 'xss',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: 'A React element renders a non-constant HTML string via dangerouslySetInnerHTML without sanitizing it.',
    impact: 'Attacker-controlled HTML runs script in the user\'s browser (XSS), bypassing React\'s escaping.',
    fix: { guidance: 'Render text as children, or sanitize the HTML with DOMPurify first.', example: '<div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />' },
    references: xssRefs,
    tree: {
      js: [
        {
          keywords: ['dangerouslySetInnerHTML'],
          rule: { kind: 'pair', has: { field: 'key', regex: '^__html$' }, inside: { stopBy: 'end', kind: 'jsx_attribute', regex: '^dangerouslySetInnerHTML' } },
          where: (n) => jsDynamicHtml(n.field('value')),
        },
      ],
    },
  },
  {
    id: 'java.xss.request-data-written-to-response',
    evidence: 'input',
    title: 'Request data written to the HTTP response',
    pack: 'xss',
    languages: ['java'],
    // medium as every XSS rule (CVSS 6.1: user interaction, limited impact; see the taint rule)
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: 'A value read from the request is written to the response writer without HTML encoding.',
    impact: 'Reflected XSS: a crafted link makes the page run the attacker\'s script in the victim\'s session.',
    fix: { guidance: 'HTML-encode output (OWASP Java Encoder) or render through an auto-escaping template.', example: 'out.println(Encode.forHtml(name));' },
    references: xssRefs,
    tree: {
      java: [
        javaCall(['getWriter', 'getOutputStream'], 'print|println|write|printf|format|append', (n) => {
          const obj = n.field('object')?.text() ?? '';
          if (!/(getWriter\(\)|getOutputStream\(\)|^out$|^writer$|^pw$)/.test(obj)) return false;
          return positionalArgs(n).some((a) => javaRequestDerived(a) && !/(encode|escape|sanitize)/i.test(a.text()));
        }),
      ],
    },
  },
]);
