// One parser layer for every language: ast-grep's built-in JS/TS/TSX plus Python and Java as dynamic languages.
import { createRequire } from 'node:module';
import { Lang, parse, registerDynamicLanguage, type SgRoot } from '@ast-grep/napi';

/** Languages we parse into trees (others are only counted). */
export type ParsedLanguage = 'python' | 'javascript' | 'typescript' | 'tsx' | 'java';

const EXTENSION_LANGUAGE: Record<string, string> = {
  '.py': 'python',
  '.pyw': 'python',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.java': 'java',
  '.go': 'go',
  '.rb': 'ruby',
  '.php': 'php',
  '.cs': 'csharp',
  '.kt': 'kotlin',
  '.swift': 'swift',
  '.rs': 'rust',
  '.c': 'c',
  '.h': 'c',
  '.cpp': 'cpp',
  '.cc': 'cpp',
  '.hpp': 'cpp',
  '.scala': 'scala',
  '.sh': 'shell',
  '.bash': 'shell',
  '.html': 'html',
  '.htm': 'html',
  '.css': 'css',
  '.scss': 'css',
  '.vue': 'vue',
  '.svelte': 'svelte',
  '.sql': 'sql',
  '.yml': 'yaml',
  '.yaml': 'yaml',
  '.json': 'json',
  '.tf': 'terraform',
  '.md': 'markdown',
};

export function detectLanguage(path: string): string | null {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base === 'Dockerfile' || base.startsWith('Dockerfile.') || base.endsWith('.dockerfile')) return 'dockerfile';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return null;
  return EXTENSION_LANGUAGE[base.slice(dot).toLowerCase()] ?? null;
}

const PARSED: ReadonlySet<string> = new Set(['python', 'javascript', 'typescript', 'tsx', 'java']);
export function isParsedLanguage(language: string | null): language is ParsedLanguage {
  return language !== null && PARSED.has(language);
}

let registered = false;
function ensureDynamicLanguages(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  registerDynamicLanguage({
    python: require('@ast-grep/lang-python'),
    java: require('@ast-grep/lang-java'),
  });
  registered = true;
}

/** ast-grep language handle for one of our parsed languages. */
export function astGrepLang(language: ParsedLanguage): Lang | string {
  switch (language) {
    case 'javascript':
      return Lang.JavaScript;
    case 'typescript':
      return Lang.TypeScript;
    case 'tsx':
      return Lang.Tsx;
    case 'python':
    case 'java':
      ensureDynamicLanguages();
      return language;
  }
}

/** Parse source text; throws on parser failure (callers record a skipped file). */
export function parseSource(language: ParsedLanguage, text: string): SgRoot {
  return parse(astGrepLang(language) as Lang, text);
}
