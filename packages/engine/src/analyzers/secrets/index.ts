// The secrets analyzer: every collected file through the rule set, plus (Ultra, with .git) the secrets that
// only survive in git history. Values are redacted before anything leaves this folder.
import { detectLanguage } from '../../parse/languages';
import type { Analyzer, AnalyzerContext, AnalyzerResult, Finding } from '../../types';
import { isNonProductionPath, isProseFile, isSkippedFile } from './allowlist';
import { findSecrets } from './find-secrets';
import { scanGitHistory } from './git-history';
import { secretFinding, valueHash } from './secret-finding';

async function runSecrets(ctx: AnalyzerContext): Promise<AnalyzerResult> {
  const findings: Finding[] = [];
  const currentValues = new Set<string>();
  for (const file of ctx.files) {
    if (isSkippedFile(file.path)) continue;
    let text: string;
    try {
      text = file.text();
    } catch {
      continue; // the collector already reports unreadable files
    }
    const nonProduction = isNonProductionPath(file);
    for (const hit of findSecrets(text, file.path, { generic: !nonProduction && !isProseFile(file.path) })) {
      currentValues.add(valueHash(hit.value));
      findings.push(secretFinding({ hit, file: file.path, language: file.language, nonProduction }));
    }
  }
  if (!ctx.hasGit || !ctx.plan?.gitHistorySecrets) return { findings };

  const history = await scanGitHistory(ctx.root);
  // git log lists newest first: the last sighting of a value is the commit that introduced it.
  const introduced = new Map<string, (typeof history.hits)[number]>();
  for (const h of history.hits) {
    const key = valueHash(h.hit.value);
    if (!currentValues.has(key)) introduced.set(`${h.hit.rule.id}:${key}`, h);
  }
  for (const h of introduced.values()) {
    const nonProduction = isNonProductionPath({ path: h.file, isTest: false });
    findings.push(secretFinding({ hit: h.hit, file: h.file, language: detectLanguage(h.file), nonProduction, commit: h.commit }));
  }
  const note = `Git history: ${history.commits} commit(s) scanned${history.truncated ? `, stopped at ${history.truncated}` : ''}.`;
  return { findings, note };
}

export const secretsAnalyzer: Analyzer = { id: 'secrets', run: runSecrets };
