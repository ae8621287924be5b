// Front-end XSS sinks the DOM rules of xss.ts do not cover: jQuery's HTML-parsing methods, Angular's
// sanitizer bypass and raw-HTML bindings in component templates (Vue v-html, Svelte {@html}).
// Each fires only on a non-constant value that is not passed through a sanitizer first; they are audit
// findings because where the value comes from is not proven here: low, since on well-maintained projects they
// mostly insert constants, class names, app-built URLs or already-escaped fragments (0 of 14 sampled Angular
// bypasses on the real-world corpus was attacker-reachable).
import type { SgNode } from '@ast-grep/napi';
import { enclosingScope, isConstant, positionalArgs } from '../patterns/nodes';
import { lineHit } from '../patterns/text-scan';
import type { TextHit } from '../patterns/types';
import { scanInlineScripts } from '../templates/inline-scripts';
import { TEMPLATE_FILES } from '../templates/unescaped-output';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef } from './meta';

const xssRefs = [cweRef(79, 'Cross-site Scripting'), owaspRef('A03'), cheatSheet('DOM_based_XSS_Prevention')];
const SANITIZED = /(sanitize|purify|escape|encode|DOMPurify|xss\(|\.text\(\)|textContent)/i;

/** An allow-list check on a parsed URL's origin, protocol or host before the bypass. */
const URL_GUARD = /\.(origin|protocol|hostname|host)\b[\s\S]*\b(includes|has|startsWith|indexOf|===|==)\b|\b(includes|has)\(\s*[\w.]+\.(origin|protocol|hostname|host)\b/;

/** jQuery methods that parse a string argument as HTML. */
const JQUERY_HTML_METHODS = /^(html|append|prepend|after|before|replaceWith|wrap|wrapAll|wrapInner)$/;
/** A jQuery object: `$(...)`, `jQuery(...)`, `$el`, or a chain starting from one. */
const JQUERY_OBJECT = /^(\$|jQuery)(\s*\(|\w*\b)/;

/** Markup assembled from pieces: a template literal with a substitution, or `+` over a string holding a tag. */
function builtMarkup(node: SgNode | undefined): boolean {
  if (!node || SANITIZED.test(node.text())) return false;
  const k = node.kind() as string;
  if (k === 'template_string') return node.children().some((c) => (c.kind() as string) === 'template_substitution') && node.text().includes('<');
  if (k === 'binary_expression') return node.field('operator')?.text() === '+' && /['"`][^'"`]*<[a-zA-Z/!]/.test(node.text()) && !isConstant(node);
  return false;
}

/** `$(sel).html/.append/.after/...(markup)` where the markup is assembled here from non-constant values. */
export function jqueryHtmlSink(call: SgNode): boolean {
  const callee = call.field('function');
  if (!callee || (callee.kind() as string) !== 'member_expression') return false;
  const method = callee.field('property')?.text() ?? '';
  if (!JQUERY_HTML_METHODS.test(method) || !JQUERY_OBJECT.test(callee.field('object')?.text() ?? '')) return false;
  const arg = positionalArgs(call)[0];
  if (!arg) return false;
  // .html(data) of a value fetched or rendered elsewhere is usually server-rendered, escaped HTML: only markup
  // assembled here from values is reported
  return builtMarkup(arg);
}

/** `$('<div>' + x + '</div>')`: jQuery builds elements from markup assembled with values. */
function jqueryMarkupConstructor(call: SgNode): boolean {
  return /^(\$|jQuery)$/.test(call.field('function')?.text() ?? '') && builtMarkup(positionalArgs(call)[0]);
}

/**
 * Component-template HTML bindings whose expression is not a string literal: Vue v-html and Svelte {@html}, which
 * insert raw HTML. Angular's [innerHTML] is not reported: Angular sanitizes it (bypassSecurityTrust* is the hole).
 */
const HTML_BINDING = /\bv-html\s*=\s*"([^"]*)"|\{@html\s+([^}]+)\}/g;
const COMPONENT_FILES = /\.(html?|vue|svelte)$/i;

function htmlBindings(text: string): TextHit[] {
  const lines = text.split(/\r?\n/);
  const hits: TextHit[] = [];
  for (const m of text.matchAll(HTML_BINDING)) {
    const expr = (m[1] ?? m[2] ?? '').trim();
    if (!expr || /^'[^']*'$/.test(expr) || SANITIZED.test(expr)) continue;
    const line = text.slice(0, m.index ?? 0).split('\n').length;
    if (!hits.some((h) => h.line === line)) hits.push(lineHit(line, lines[line - 1] ?? m[0]));
  }
  return hits;
}

export const frontEndXssRules = defineRules([
  {
    id: 'js.xss.jquery-html-dynamic',
    title: 'jQuery inserts HTML built from non-constant values',
    pack: 'xss',
    languages: ['javascript', 'typescript', 'template'],
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: "A jQuery method that parses HTML (.html, .append, .prepend, .after, .before, .replaceWith, $('<...>')) receives markup built from non-constant values.",
    impact: 'DOM-based XSS: a value holding user text becomes markup and script in the user\'s browser.',
    fix: { guidance: 'Insert user values as text (.text(), or build elements and set textContent), or sanitize with DOMPurify.', example: "$('#list').append($('<li>').text(item.title));" },
    references: xssRefs,
    tree: {
      js: [
        { keywords: ['$', 'jQuery'], rule: { kind: 'call_expression', has: { field: 'function', kind: 'member_expression' } }, where: jqueryHtmlSink },
        { keywords: ['$(', 'jQuery('], rule: { kind: 'call_expression', has: { field: 'function', regex: '^(\\$|jQuery)$' } }, where: jqueryMarkupConstructor },
      ],
    },
    text: {
      files: TEMPLATE_FILES,
      keywords: ['<script'],
      scan: (text) => scanInlineScripts(text, 'call_expression', (n) => jqueryHtmlSink(n) || jqueryMarkupConstructor(n)),
    },
  },
  {
    id: 'js.xss.angular-bypass-security-trust',
    title: "Angular sanitizer bypassed for a non-constant value",
    pack: 'xss',
    languages: ['typescript', 'javascript'],
    // low, like innerHTML of a non-constant: where the value comes from is not traced (on the real-world corpus 0 of 14
    // sampled were attacker-reachable: numbers, URLs the app built and encoded, admin-written SVG)
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: 'DomSanitizer.bypassSecurityTrust* marks a non-constant value as trusted HTML, script, style or URL.',
    impact: 'Angular stops sanitizing that value; if it holds user text, it runs as script in the user\'s browser.',
    fix: { guidance: 'Bind the value normally and let Angular sanitize it, or sanitize it with DOMPurify before trusting it.', example: 'this.safe = this.sanitizer.bypassSecurityTrustHtml(DOMPurify.sanitize(html));' },
    references: xssRefs,
    tree: {
      js: [
        {
          keywords: ['bypassSecurityTrust'],
          rule: { kind: 'call_expression', has: { field: 'function', kind: 'member_expression', has: { field: 'property', regex: '^bypassSecurityTrust(Html|Script|Style|Url|ResourceUrl)$' } } },
          where: (n) => {
            const arg = positionalArgs(n)[0];
            if (!arg || isConstant(arg) || SANITIZED.test(arg.text())) return false;
            // a URL whose protocol or origin was checked against an allow-list first is the guarded use
            return !(/Url$/.test(n.field('function')?.text() ?? '') && URL_GUARD.test(enclosingScope(n).text()));
          },
        },
      ],
    },
  },
  {
    id: 'html.xss.html-binding-dynamic',
    title: 'Component template binds non-constant HTML',
    pack: 'xss',
    languages: ['template'],
    severity: 'low',
    confidence: 'low',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message: 'A component template renders an expression as raw HTML (Vue v-html or Svelte {@html}).',
    impact: 'If the expression can hold user text, it becomes markup: Vue and Svelte do not sanitize it.',
    fix: { guidance: 'Render text with interpolation ({{ value }}), or sanitize the HTML (DOMPurify) before binding it.', example: '<div v-html="sanitize(comment.html)"></div>' },
    references: xssRefs,
    text: { files: COMPONENT_FILES, keywords: ['v-html', '{@html'], scan: htmlBindings },
  },
]);
