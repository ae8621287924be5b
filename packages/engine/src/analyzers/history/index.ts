// History analyzer (needs .git): activity, contributors, bus factor and churn hotspots from one git log pass.
// Findings name no person: the metrics carry author names and the anonymizer hashes them there.
import { fingerprint } from '../../fingerprint';
import type { Analyzer, Finding, HistoryMetrics } from '../../types';
import { CODE_LANGUAGES } from '../quality';
import { fileComplexityLookup } from './file-complexity';
import { isShallowRepository, readGitLog } from './git-log';
import { historyMetrics } from './metrics';

export const INACTIVE_DAYS = 180;
/** About the project as a whole: no line (Location startLine 0). */
const PROJECT = { file: '.', startLine: 0, endLine: 0 };
const BOT = /\[bot\]|^(?:dependabot|renovate|greenkeeper|snyk-bot|github-actions|pre-commit-ci)\b/i;

function teamFinding(ruleId: string, fields: Pick<Finding, 'title' | 'severity' | 'message' | 'impact' | 'fix' | 'references' | 'properties'>): Finding {
  return {
    id: fingerprint(ruleId, PROJECT.file, ruleId),
    ruleId,
    analyzer: 'history',
    category: 'team',
    confidence: 'medium',
    cwe: [],
    owasp: [],
    location: PROJECT,
    ...fields,
  };
}

export function historyFindings(m: HistoryMetrics, nowMs = Date.now()): Finding[] {
  const out: Finding[] = [];
  if (m.commits > 0 && m.busFactor === 1) {
    out.push(
      teamFinding('history.bus-factor-1', {
        title: 'Bus factor of 1',
        severity: 'medium',
        message: `Losing one developer would leave most of the code without anyone who wrote it (${m.contributors} contributor${m.contributors === 1 ? '' : 's'} in total).`,
        impact: 'Knowledge concentrated in one person is a continuity risk: onboarding, incident response and due diligence all depend on them.',
        fix: {
          guidance: 'Spread ownership: pair on the core modules, require reviews from a second developer, document architecture and runbooks.',
          example: '# .github/CODEOWNERS\n/src/core/ @alice @bob',
        },
        references: [
          { title: 'Avelino et al., A novel approach for estimating truck factors (ICPC 2016)', url: 'https://doi.org/10.1109/ICPC.2016.7503718' },
        ],
        properties: { busFactor: m.busFactor, contributors: m.contributors },
      }),
    );
  }
  const idleDays = m.lastCommit ? Math.floor((nowMs - Date.parse(m.lastCommit)) / 86_400_000) : 0;
  if (idleDays > INACTIVE_DAYS) {
    out.push(
      teamFinding('history.inactive', {
        title: 'No recent development activity',
        severity: 'low',
        message: `The last commit is ${idleDays} days old (threshold ${INACTIVE_DAYS} days).`,
        impact: 'Unmaintained code collects unpatched vulnerabilities and outdated dependencies; the team may no longer know it.',
        fix: {
          guidance: 'Confirm where development happens now (another repository or branch) and schedule dependency and security updates.',
          example: 'git log -1 --format=%ci   # date of the latest commit',
        },
        references: [{ title: 'OpenSSF Scorecard: Maintained check', url: 'https://github.com/ossf/scorecard/blob/main/docs/checks.md#maintained' }],
        properties: { idleDays },
      }),
    );
  }
  return out;
}

export const historyAnalyzer: Analyzer = {
  id: 'history',
  async run(ctx) {
    if (!ctx.hasGit) return { findings: [], note: 'No git history: the folder is not a git repository.' };
    if (await isShallowRepository(ctx.root)) {
      return { findings: [], note: 'Shallow git clone: team and history metrics need the full history (clone without --depth).' };
    }
    const all = await readGitLog(ctx.root);
    // Dependency bots keep dead projects "active" and are nobody's knowledge: people only.
    const commits = all.filter((c) => !BOT.test(c.name) && !BOT.test(c.author));
    if (commits.length === 0) {
      return { findings: [], note: all.length ? 'The git history has only automated (bot) commits.' : 'The git repository has no commits yet.' };
    }
    // Bus factor looks at the code people maintain now (not docs or deleted files); hotspots at product code.
    const code = ctx.files.filter((f) => f.language !== null && CODE_LANGUAGES.has(f.language));
    const files = new Set((code.length ? code : ctx.files).map((f) => f.path));
    const productFiles = new Set(code.filter((f) => !f.isTest).map((f) => f.path));
    const history = historyMetrics(commits, files, fileComplexityLookup(ctx), productFiles);
    return { findings: historyFindings(history), history };
  },
};
