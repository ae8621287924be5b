// Server-side templates: a value inserted without escaping (templates/unescaped-output.ts). Template files do
// not say where a value comes from, so this is an audit finding. It is low: on well-maintained projects (19
// checked) nearly every raw output is deliberate trusted or sanitized HTML (rendered Markdown, admin-set
// analytics code); the taint engine reports the flows it can prove from a request into a raw render.
import { lineHit } from '../patterns/text-scan';
import { TEMPLATE_FILES, unescapedOutputs } from '../templates/unescaped-output';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef } from './meta';

export const templateXssRules = defineRules([
  {
    id: 'tpl.xss.unescaped-output',
    title: 'Template inserts a value without HTML escaping',
    pack: 'xss',
    languages: ['template'],
    severity: 'low',
    confidence: 'low',
    cwe: ['CWE-79'],
    owasp: [OWASP.A03],
    message:
      'A template outputs a non-constant value unescaped: EJS <%- %>, Pug !{} or !=, Handlebars/Mustache {{{ }}}, Jinja2/Django |safe or an autoescape-off block.',
    impact: 'If the value can hold user text (a search term, a comment, a profile field), it becomes markup and script in every visitor\'s browser.',
    fix: {
      guidance: 'Use the escaping form (<%= %>, #{}, {{ }}, no |safe); for trusted rich text, sanitize it (bleach, DOMPurify) where it is stored or rendered.',
      example: '<h2>Results for: <%= query %></h2>',
    },
    references: [cweRef(79, 'Cross-site Scripting'), owaspRef('A03'), cheatSheet('Cross_Site_Scripting_Prevention')],
    text: {
      files: TEMPLATE_FILES,
      keywords: ['<%-', '!{', '!=', '{{{', '{{&', 'safe', 'autoescape'],
      scan: (text, path) => {
        const lines = text.split(/\r?\n/);
        return unescapedOutputs(text, path).map((o) => lineHit(o.line, lines[o.line - 1] ?? o.expr));
      },
    },
  },
]);
