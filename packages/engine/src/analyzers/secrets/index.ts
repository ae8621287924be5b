// The secrets analyzer: every collected file through the rule set, minified and generated bundles through the
// provider-format rules, plus (Ultra, with .git) the secrets that only survive in git history. Values are
// redacted before anything leaves this folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectLanguage } from '../../parse/languages';
import type { Analyzer, AnalyzerContext, AnalyzerResult, Finding } from '../../types';
import { isBundleName, isNonProductionPath, isProseFile, isSkippedFile } from './allowlist';
import { findSecrets } from './find-secrets';
import { isAllowlistConfig, projectAllowlist } from './project-allowlist';
import { scanGitHistory } from './git-history';
import { secretFinding, valueHash } from './secret-finding';
import { DEMO_PKI, demoPkiFolders } from './demo-pki';

/** A bundle larger than this is a vendored library, not where a project pastes its keys. */
const MAX_BUNDLE_BYTES = 8 * 1024 * 1024;

/** Test, fixture, example and docs paths, and prose files: credentials there are most likely test values. */
const likelyTestPath = (file: { path: string; isTest: boolean }) => isNonProductionPath(file) || isProseFile(file.path);

function readBundle(root: string, path: string): string | null {
  try {
    const buf = readFileSync(join(root, path));
    return buf.length > MAX_BUNDLE_BYTES ? null : buf.toString('utf8');
  } catch {
    return null;
  }
}

const ALLOWLISTED = { severity: 'low' as const, note: "The project's secret-scanner allowlist (.gitleaks.toml) declares this value a dummy." };

/** The file's text, or nothing when it cannot be read. */
function readText(file: { text(): string }): string[] {
  try {
    return [file.text()];
  } catch {
    return [];
  }
}

async function runSecrets(ctx: AnalyzerContext): Promise<AnalyzerResult> {
  const findings: Finding[] = [];
  const currentValues = new Set<string>();
  const allowlist = projectAllowlist(ctx.files.filter((f) => isAllowlistConfig(f.path)).flatMap((f) => readText(f)));
  const demoPki = demoPkiFolders(ctx.files);
  const report = (text: string, file: { path: string; isTest: boolean; language: string | null }, generic: boolean) => {
    const nonProduction = likelyTestPath(file);
    for (const found of findSecrets(text, file.path, { generic })) {
      const hit = allowlist.allows(found.value)
        ? { ...found, grade: ALLOWLISTED }
        : found.rule.id === 'secrets/private-key' && !found.grade && demoPki(file.path)
          ? { ...found, grade: DEMO_PKI }
          : found;
      currentValues.add(valueHash(hit.value));
      findings.push(secretFinding({ hit, file: file.path, language: file.language, nonProduction }));
    }
  };
  for (const file of ctx.files) {
    if (isSkippedFile(file.path)) continue;
    // (the collector already reports unreadable files)
    for (const text of readText(file)) report(text, file, !isBundleName(file.path));
  }
  for (const path of ctx.bundled ?? []) {
    if (isSkippedFile(path)) continue;
    const text = readBundle(ctx.root, path);
    if (text !== null) report(text, { path, isTest: false, language: detectLanguage(path) }, false);
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
    const nonProduction = likelyTestPath({ path: h.file, isTest: false });
    findings.push(secretFinding({ hit: h.hit, file: h.file, language: detectLanguage(h.file), nonProduction, commit: h.commit }));
  }
  const note = `Git history: ${history.commits} commit(s) scanned${history.truncated ? `, stopped at ${history.truncated}` : ''}.`;
  return { findings, note };
}

export const secretsAnalyzer: Analyzer = { id: 'secrets', run: runSecrets };
