// `duescan scan --ai provider:model,...`: after the scan, configured third-party models judge the critical/high
// findings (and a sample of mediums). Off unless --ai is given: without it no code leaves the machine.
import { join } from 'node:path';
import type { Report } from '@duescan/engine';
import { CliError, EXIT } from '../exit-codes';
import { configDir } from '../login/cli-config';

export const AI_HELP =
  'third-party models judge the critical/high findings, provider:model comma-separated (openai:<model>, anthropic:<model>); ' +
  'sends a few redacted lines around each finding to them. Keys: DUESCAN_OPENAI_API_KEY, DUESCAN_ANTHROPIC_API_KEY; ' +
  'self-hosted OpenAI-compatible servers: DUESCAN_OPENAI_BASE_URL';

type Providers = Awaited<ReturnType<typeof import('@duescan/ai')['buildProviders']>>;

/** Checked before the scan so a typo or a missing key fails at once, not after minutes of analysis. */
export async function aiProviders(spec: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<Providers> {
  if (spec === undefined) return [];
  const ai = await import('@duescan/ai');
  try {
    return ai.buildProviders(ai.parseModelSpecs(spec), ai.providerEnvFrom(env));
  } catch (e) {
    if (e instanceof ai.AiConfigError) throw new CliError(`--ai: ${e.message}`, EXIT.usage);
    throw e;
  }
}

export async function aiReviewStep(report: Report, dir: string, providers: Providers, log: (line: string) => void): Promise<Report> {
  if (providers.length === 0) return report;
  const ai = await import('@duescan/ai');
  log(`AI review: asking ${providers.map((p) => `${p.provider}:${p.model}`).join(', ')}…`);
  const reviewed = await ai.reviewReport(report, {
    providers,
    readFile: ai.projectFileReader(dir),
    // Answers already paid for are reused across scans of the same code (keyed by finding, model, prompt).
    cache: ai.jsonFileCache(join(configDir(), 'ai-cache.json')),
  });
  const run = reviewed.ai!;
  const budget = run.budgetStop ? ` (budget reached: ${run.budgetStop})` : '';
  log(`AI review: ${run.reviewed} of ${run.selected} findings reviewed${budget}; excerpts of ${new Set(run.sent.map((s) => s.findingId)).size} findings sent.`);
  return reviewed;
}
