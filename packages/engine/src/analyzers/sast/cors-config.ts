// Flask-CORS takes each option from the call's keywords first, then from the app's config (CORS_ORIGINS, read by
// CORS(app), init_app and every @cross_origin), and only then from its defaults (origins '*'). A call that passes
// supports_credentials=True without origins therefore allows any origin only where the project configures none.
import type { AnalyzerContext, Finding } from '../../types';

const RULE = 'py.misconfig.cors-credentials-any-origin';
/**
 * `CORS_ORIGINS = [...]`, `CORS_ORIGINS: list[str] = [...]`, `app.config['CORS_ORIGINS'] = ...`, `"CORS_ORIGINS": ...`
 * (not a comparison), and whether the value is '*'.
 */
const ASSIGNED = String.raw`\bCORS_ORIGINS\b['"]?\s*\]?\s*(?::\s*[\w.\[\], |]+?\s*=(?!=)|=(?!=)|:)\s*`;
// ('*' alone or as the only list element)
const STAR_VALUE = String.raw`[[(]?\s*['"]\*['"]`;
const CONFIGURED = new RegExp(`${ASSIGNED}(?!${STAR_VALUE})\\S`);
const STAR = new RegExp(`${ASSIGNED}${STAR_VALUE}`);

/** Drops the finding at calls that leave origins to configuration, where the project configures them. */
export function dropConfiguredCorsOrigins(ctx: AnalyzerContext, findings: Finding[]): Finding[] {
  if (!findings.some((f) => f.ruleId === RULE)) return findings;
  const texts = ctx.files.filter((f) => f.language === 'python' && !f.isTest).map((f) => f.text());
  const configured = texts.some((t) => CONFIGURED.test(t)) && !texts.some((t) => STAR.test(t));
  if (!configured) return findings;
  const byPath = new Map(ctx.files.map((f) => [f.path, f]));
  return findings.filter((f) => f.ruleId !== RULE || namesOrigins(byPath.get(f.location.file)?.text(), f.location.startLine));
}

/** Whether the call starting at `line` passes origins or resources itself (read up to its closing parenthesis). */
function namesOrigins(text: string | undefined, line: number): boolean {
  if (text === undefined) return true;
  const from = text.split('\n').slice(line - 1, line + 14).join('\n');
  let depth = 0;
  let end = from.length;
  for (let i = 0; i < from.length; i++) {
    if (from[i] === '(') depth++;
    else if (from[i] === ')' && --depth === 0) {
      end = i;
      break;
    }
  }
  return /\b(origins?|resources)\s*=/.test(from.slice(0, end));
}
