// What critical and high mean in a DueScan report (docs/scoring.md, "Severity policy"): an attacker-controlled
// input reaches a dangerous sink in production code (a taint trace, or a pattern whose match contains the input),
// a live-looking credential sits in production code or config, or a production dependency has a high/critical
// advisory. Everything else is capped: audit patterns with no proven source and hygiene (container user, unpinned
// actions, missing CI, licences, team) at medium; code that does not run in production at medium (scripts) or low
// (tests, examples, fixtures, third-party). The rule's own severity stays on the finding (ruleSeverity) with a note.
import { PATTERN_RULES } from './analyzers/sast/rules';
import { RULES as CONFIG_RULES } from './analyzers/config/rules';
import { DEV_SETTINGS_REASON } from './exec-context/classify';
import { CONTEXT_CAP, CONTEXT_WORDS } from './exec-context/weights';
import type { Finding, RuleDescription, Severity } from './types';
import { KEYWORD_RULES } from './analyzers/secrets/keyword-rules';

const RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

/** Categories whose findings are hygiene or risk indicators, never an exploitable flaw by themselves. */
const HYGIENE_CAP: Partial<Record<Finding['category'], Severity>> = {
  configuration: 'medium',
  licenses: 'medium',
  quality: 'medium',
  maintainability: 'medium',
  team: 'medium',
};

/** The secrets analyzer's keyword rules: a literal found beside a credential word, by its name only. */
const KEYWORD_RULE_IDS: ReadonlySet<string> = new Set(KEYWORD_RULES.map((r) => r.id));

let ruleIndex: Map<string, RuleDescription> | null = null;
/** The pattern or config rule of this id (also read by the triage model's features), or undefined. */
export function ruleOf(id: string): RuleDescription | undefined {
  ruleIndex ??= new Map<string, RuleDescription>([
    ...PATTERN_RULES.map((r) => [r.id, r] as const),
    ...Object.values(CONFIG_RULES as Record<string, RuleDescription>).map((r) => [r.id, r] as const),
  ]);
  return ruleIndex.get(id);
}

interface Cap {
  severity: Severity;
  note: string;
}

/** The caps that apply to one finding, before its context. */
function evidenceCap(f: Finding, rule: RuleDescription | undefined): Cap | null {
  if (f.analyzer === 'sast' && !f.trace?.length && rule && (rule as { taintSink?: boolean }).taintSink) {
    return { severity: 'low', note: 'The data-flow analysis found no attacker-controlled source reaching this sink: a point to review, not a proven flaw.' };
  }
  if (f.analyzer === 'sast' && !f.trace?.length && rule?.signal === 'weak') {
    return { severity: 'low', note: 'A heuristic signal: on its own this pattern is rarely a vulnerability; review it in context.' };
  }
  if (f.analyzer === 'sast' && !f.trace?.length && rule && !rule.evidence) {
    return { severity: 'medium', note: 'No attacker-controlled source was traced to this code: review it, it is not proven exploitable.' };
  }
  if (f.analyzer === 'config' && rule?.evidence !== 'input' && rule?.evidence !== 'credential') {
    const cap = HYGIENE_CAP.configuration!;
    return { severity: cap, note: 'A configuration weakness, not an exploitable flaw by itself.' };
  }
  const hygiene = HYGIENE_CAP[f.category];
  if (hygiene && f.analyzer !== 'sast' && f.analyzer !== 'config') return { severity: hygiene, note: 'A risk indicator, not an exploitable flaw by itself.' };
  if (f.analyzer === 'deps' && f.properties?.dev === true) {
    // measured on 31 real projects: 0 of 5 sampled development-only advisories mattered (test harnesses, tooling)
    return { severity: 'low', note: 'A development dependency: it is not shipped to production.' };
  }
  return null;
}

/**
 * Applies the policy to one finding that already carries its execution context. Returns the same object when
 * nothing changes, else a copy with the lowered severity, the rule's severity and the reason.
 */
export function applySeverityPolicy(f: Finding): Finding {
  const caps: Cap[] = [];
  const rule = ruleOf(f.ruleId);
  const evidence = evidenceCap(f, rule);
  if (evidence) caps.push(evidence);
  const context = f.context ?? 'production';
  if (context !== 'production') caps.push({ severity: CONTEXT_CAP[context], note: `This is ${CONTEXT_WORDS[context]} (${f.contextReason ?? context}).` });
  // a developer or CI script acting on its own operator's arguments, environment or prompt is how scripts work
  if (context === 'script' && f.properties?.localInput === true) caps.push({ severity: 'low', note: 'Only the input of the person running this script reaches the sink.' });
  // a literal under a credential name in a script, development settings, a seed or a migration is that code's own
  // default (measured: 0 of 11 such medium findings in 73 real projects was a live credential); provider-format keys
  // (the secrets analyzer's provider rules) keep their cap; its keyword matches are the same name-only evidence
  // (0 of 6 such medium findings in the test and deployment folders of 87 projects was live)
  if (context === 'script' && (rule?.evidence === 'credential' || KEYWORD_RULE_IDS.has(f.ruleId))) caps.push({ severity: 'low', note: 'A credential written in a script, development settings or seed data: a default of that code, not a production secret.' });
  // a manifest of developers' or CI tooling (requirements/local.txt beside production.txt, a scripts/ folder's
  // requirements) installs nothing the deployment runs: its advisories are a development dependency's
  if (context === 'script' && f.ruleId === 'deps/vulnerable-dependency') caps.push({ severity: 'low', note: 'A dependency of development or CI tooling: the deployment does not install it.' });
  // a development settings module is permissive on purpose (DEBUG = True, ALLOWED_HOSTS = ['*']): production runs other
  // settings, so a configuration weakness there is the intended local default
  if (context === 'script' && f.contextReason?.startsWith(DEV_SETTINGS_REASON) && /\.misconfig\./.test(f.ruleId)) caps.push({ severity: 'low', note: 'Development settings are permissive by design; production uses other settings.' });
  // an image built for development (a dev/ folder, Dockerfile.dev) or a development compose file (docker-compose-dev.yml
  // beside docker-compose.yml) runs on developers' machines, not in production
  if (context === 'script' && /^(config\.docker|dockerfile|k8s\.iac)\./.test(f.ruleId) && /\b(dev|development|local)\b/i.test(f.contextReason ?? '')) {
    caps.push({ severity: 'low', note: 'A development image: production is built from another Dockerfile.' });
  }
  // a regex literal that backtracks catastrophically in code that runs in the visitor's browser (a component, a client
  // bundle) can hang only that visitor's own tab (measured: 0 of 6 sampled such findings in 154 projects was a real
  // denial of service); on the server one request blocks every user
  if (/\.redos\.catastrophic-backtracking$/.test(f.ruleId) && browserCode(f.location.file)) caps.push({ severity: 'low', note: "Browser code: the regex runs in the visitor's own browser, where it can hang only their tab." });
  let severity = f.severity;
  const notes: string[] = [];
  for (const cap of caps) {
    if (RANK[severity] > RANK[cap.severity]) {
      severity = cap.severity;
      notes.push(cap.note);
    }
  }
  if (severity === f.severity) return f;
  return { ...f, severity, ruleSeverity: f.ruleSeverity ?? f.severity, severityNote: notes.join(' ') };
}

/** Front-end code by its file type (components) or its folder (client/, frontend/, public/...): it runs in browsers. */
export function browserCode(file: string): boolean {
  if (/\.(tsx|jsx|vue|svelte)$/.test(file)) return true;
  if (!/\.(m|c)?[jt]s$/.test(file)) return false;
  return file.split('/').slice(0, -1).some((d) => /^(client|frontend|front-end|web-?client|browser|public|static|assets|www|ui|webui|web-ui|components|widgets)$/i.test(d));
}
