// The JSON shapes models must answer in, and the one place their text is turned into data. Anything that does
// not validate is malformed: the caller asks once more with a repair instruction, then counts "no answer".
import { ZAiVerdict } from '@duescan/contracts';
import { z } from 'zod';

export const ZVerdictAnswer = z.object({
  verdict: ZAiVerdict,
  confidence: z.number().min(0).max(1),
  reasoning: z.string().min(1).max(4000),
  fix: z.string().max(4000).optional().default(''),
});
export type VerdictAnswer = z.infer<typeof ZVerdictAnswer>;

export const ZScenarioAnswer = z.object({
  preconditions: z.array(z.string().min(1).max(1000)).min(1).max(10),
  steps: z.array(z.string().min(1).max(1000)).min(1).max(15),
  impact: z.string().min(1).max(2000),
});
export type ScenarioAnswer = z.infer<typeof ZScenarioAnswer>;

/** Models often wrap JSON in a Markdown fence despite being told not to; that alone is not malformed. */
function unfence(text: string): string {
  const m = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return m ? m[1]! : text;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

export function parseAnswer<T>(text: string, schema: z.ZodType<T>): Parsed<T> {
  let json: unknown;
  try {
    json = JSON.parse(unfence(text));
  } catch {
    return { ok: false, problem: 'the answer is not valid JSON' };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { ok: false, problem: `field "${issue.path.join('.') || '(root)'}": ${issue.message}` };
  }
  return { ok: true, value: result.data };
}
