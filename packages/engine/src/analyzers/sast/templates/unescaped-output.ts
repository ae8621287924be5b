// Server-side templates, read as text: every place a template inserts a value into HTML without escaping it.
// EJS `<%- x %>`, Pug `!{x}` / `tag!= x`, Handlebars/Mustache `{{{x}}}` / `{{& x}}`, Jinja2/Django/Nunjucks
// `{{ x|safe }}` and every `{{ x }}` inside `{% autoescape false/off %}`, and Bootstrap-Flask's
// `render_table(..., safe_columns=...)`. The engines escape by default, so these are the only spots where a
// value that can hold user text becomes markup. Templates that render no HTML elements (plain-text mail, SMS,
// JSON, code generators) are not HTML, so nothing in them is XSS. Layout idioms that insert already-rendered template output
// (`<%- body %>`, `<%- include(...) %>`, `{{{body}}}`), literals and escaping filters are not reported.

export type TemplateDialect = 'ejs' | 'pug' | 'handlebars' | 'jinja';

export interface UnescapedOutput {
  /** 1-based line of the output construct. */
  line: number;
  /** The inserted expression, trimmed. */
  expr: string;
  dialect: TemplateDialect;
}

/** Template files by extension; `.html` may hold Jinja/Django/Nunjucks or Handlebars syntax. */
export const TEMPLATE_FILES = /\.(ejs|pug|jade|hbs|handlebars|mustache|html?|jinja2?|j2|njk|twig|djhtml)$/i;

export function dialectsOf(path: string): TemplateDialect[] {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  if (ext === 'ejs') return ['ejs'];
  if (ext === 'pug' || ext === 'jade') return ['pug'];
  if (ext === 'hbs' || ext === 'handlebars' || ext === 'mustache') return ['handlebars'];
  if (TEMPLATE_FILES.test(path)) return ['jinja', 'handlebars'];
  return [];
}

/** Already-rendered template output inserted by a layout (EJS/Handlebars layout and include idioms). */
const LAYOUT_IDIOM = /^(body|yield|content|include\b[\s\S]*|partial\s*\([\s\S]*|block\s*\([\s\S]*|defineContent\s*\([\s\S]*|contentFor\s*\([\s\S]*|script|style|>\s*[\w./-]+[\s\S]*)$/;
/** A literal, or a call whose arguments are all literals (translations with markup, constant helpers). */
const CONSTANT = /^(['"][^'"]*['"]|\d+(\.\d+)?|true|false|null|None|_?\w*\(\s*((['"][^'"]*['"]|\d+)\s*,?\s*)*\))$/;
/** Jinja/Django filters whose output is escaped or cannot carry markup; `safe` after them is harmless. */
const ESCAPING_FILTER = /^(e|escape|forceescape|tojson|json_script|urlencode|striptags|int|float|length|count|filesizeformat|escapejs|iriencode|intcomma|date|time)\b/;

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function reportable(expr: string): boolean {
  const e = expr.trim();
  return e !== '' && !CONSTANT.test(e) && !LAYOUT_IDIOM.test(e);
}

/** Jinja expression `x|f1|safe|f2`: unescaped when `safe` is applied and no escaping filter ran before it. */
function jinjaSafeValue(inner: string): string | null {
  const parts = inner.split(/\|(?![|])/).map((s) => s.trim());
  const safeAt = parts.findIndex((p) => /^safe\b/.test(p));
  if (safeAt < 1) return null;
  if (parts.slice(1, safeAt).some((f) => ESCAPING_FILTER.test(f))) return null;
  return parts[0] ?? null;
}

function* matches(re: RegExp, text: string): Generator<{ index: number; expr: string }> {
  for (const m of text.matchAll(re)) yield { index: m.index ?? 0, expr: (m[1] ?? '').trim() };
}

function ejs(text: string): UnescapedOutput[] {
  return [...matches(/<%-([\s\S]*?)-?%>/g, text)].filter((m) => reportable(m.expr)).map((m) => ({ line: lineAt(text, m.index), expr: m.expr, dialect: 'ejs' }));
}

function pug(text: string): UnescapedOutput[] {
  const out: UnescapedOutput[] = [];
  for (const m of matches(/!\{([^}]*)\}/g, text)) if (reportable(m.expr)) out.push({ line: lineAt(text, m.index), expr: m.expr, dialect: 'pug' });
  // `p!= value`, `!= value` (unescaped buffered code); `!=` inside attributes is a comparison, so only at a tag head
  for (const m of matches(/^[ \t]*(?:[\w.#:-]*(?:\([^)\n]*\))?)!=[ \t]*(.+)$/gm, text)) if (reportable(m.expr)) out.push({ line: lineAt(text, m.index), expr: m.expr, dialect: 'pug' });
  return out;
}

function handlebars(text: string): UnescapedOutput[] {
  const out: UnescapedOutput[] = [];
  for (const m of matches(/\{\{\{~?([^{}]*?)~?\}\}\}/g, text)) if (reportable(m.expr)) out.push({ line: lineAt(text, m.index), expr: m.expr, dialect: 'handlebars' });
  for (const m of matches(/\{\{&([^{}]*)\}\}/g, text)) if (reportable(m.expr)) out.push({ line: lineAt(text, m.index), expr: m.expr, dialect: 'handlebars' });
  return out;
}

function jinja(text: string): UnescapedOutput[] {
  const out: UnescapedOutput[] = [];
  // autoescape switched off for a block: every output inside is raw
  const off: [number, number][] = [];
  for (const m of text.matchAll(/\{%-?\s*autoescape\s+(false|off)\s*-?%\}([\s\S]*?)\{%-?\s*endautoescape\s*-?%\}/g)) {
    off.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  }
  for (const m of text.matchAll(/\{\{(?!\{)-?([\s\S]*?)-?\}\}/g)) {
    const index = m.index ?? 0;
    const inner = (m[1] ?? '').trim();
    const inOff = off.some(([a, b]) => index > a && index < b);
    const value = inOff ? inner.split(/\|(?![|])/)[0]?.trim() ?? '' : jinjaSafeValue(inner);
    if (value === null || (inOff && /\|\s*(e|escape|forceescape|tojson)\b/.test(inner))) continue;
    if (reportable(value)) out.push({ line: lineAt(text, index), expr: value, dialect: 'jinja' });
  }
  // Bootstrap-Flask renders the named columns of render_table unescaped
  for (const m of text.matchAll(/render_table\([^)]*safe_columns\s*=\s*\[[^\]]*\w[^\]]*\]/g)) out.push({ line: lineAt(text, m.index ?? 0), expr: m[0], dialect: 'jinja' });
  return out;
}

const BY_DIALECT: Record<TemplateDialect, (text: string) => UnescapedOutput[]> = { ejs, pug, handlebars, jinja };

/**
 * HTML elements: a template with none of them renders text (an SMS, a subject line, JSON, generated code), where
 * an unescaped value is not markup. Generics like `Promise<Recipe>` in code templates are not elements.
 */
const HTML_ELEMENT = /<(html|head|body|div|span|p|a|table|tr|td|th|ul|ol|li|form|input|h[1-6]|section|article|img|button|label|br|meta|link|nav|main|header|footer|pre|strong|em|small|select|option|textarea|iframe)\b[^>]*>/i;

/** Unescaped outputs of a template file, one per line, in line order. */
export function unescapedOutputs(text: string, path: string): UnescapedOutput[] {
  const seen = new Set<number>();
  const html = HTML_ELEMENT.test(text);
  return dialectsOf(path)
    // Pug always renders HTML elements, written without angle brackets
    .filter((d) => d === 'pug' || html)
    .flatMap((d) => BY_DIALECT[d](text))
    .sort((a, b) => a.line - b.line)
    .filter((o) => !seen.has(o.line) && seen.add(o.line));
}
