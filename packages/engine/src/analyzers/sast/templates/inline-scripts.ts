// Inline `<script>` blocks of HTML pages and server-side templates, with the line each body starts on, so the
// JavaScript rules that have no file of their own to read (front-end code written inside a template) can parse
// them. Scripts with a src, JSON and template types (`text/template`, `text/x-handlebars`) are not JavaScript.
import type { SgNode } from '@ast-grep/napi';
import { parseSource } from '../../../parse/languages';
import type { TextHit } from '../patterns/types';
import { lineHit } from '../patterns/text-scan';

export interface InlineScript {
  code: string;
  /** 1-based line of the first character of `code`. */
  startLine: number;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JS_TYPE = /^\s*$|type\s*=\s*["']?(text\/javascript|application\/javascript|module)["']?/i;

export function inlineScripts(html: string): InlineScript[] {
  const out: InlineScript[] = [];
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/.test(attrs)) continue;
    if (/\btype\s*=/.test(attrs) && !JS_TYPE.test(attrs)) continue;
    const bodyOffset = (m.index ?? 0) + m[0].indexOf('>') + 1;
    const startLine = html.slice(0, bodyOffset).split('\n').length;
    out.push({ code: m[2] ?? '', startLine });
  }
  return out;
}

/**
 * The page's inline scripts as one JavaScript text, each body on its own lines of the page and every other line blank:
 * scripts of one page share its global scope, and a finding's line is the page's line.
 */
export function inlineScriptText(html: string): string {
  const lines: string[] = new Array(html.split('\n').length).fill('');
  for (const s of inlineScripts(html)) s.code.split('\n').forEach((l, i) => (lines[s.startLine - 1 + i] = l));
  return lines.join('\n');
}

/** Lines of the page where `test` accepts a node of `kind` inside an inline script. */
export function scanInlineScripts(html: string, kind: string, test: (node: SgNode) => boolean): TextHit[] {
  const lines = html.split(/\r?\n/);
  const hits: TextHit[] = [];
  for (const s of inlineScripts(html)) {
    const root = parseSource('javascript', s.code).root();
    for (const node of root.findAll({ rule: { kind } })) {
      if (!test(node)) continue;
      const line = s.startLine + node.range().start.line;
      if (!hits.some((h) => h.line === line)) hits.push(lineHit(line, lines[line - 1] ?? node.text()));
    }
  }
  return hits;
}
