// A deterministic stand-in for real models, for the sample report built with the fake servers: answers from the
// finding in the prompt (never from knowledge of the code), so the sample shows the report's AI parts honestly
// labelled as coming from "fake-…" models.
import type { Behavior, Script } from './fake-server';

const field = (text: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? '';

/** `dissenter` (a model id) answers "uncertain" on medium findings so the sample shows a dissent. */
export function demoScript(dissenter?: string): Script {
  return ({ model, text }): Behavior => {
    const title = field(text, 'Title');
    const location = field(text, 'Location');
    if (text.includes('exploitation scenario')) {
      return {
        answer: {
          preconditions: [`The code at ${location} runs in production and its route is reachable by the attacker.`, 'No filter in front of the application removes the input.'],
          steps: [`The attacker sends a request whose parameter carries the value shown in the excerpt's source line.`, `The value reaches the operation at ${location} unchanged (${title}).`, 'The attacker repeats the request to read or change data beyond their rights.'],
          impact: `${title}: the attacker controls the operation at ${location}, with the application's privileges.`,
        },
      };
    }
    const severity = field(text, 'Severity \\(engine\\)').split(';')[0];
    const doubtful = model === dissenter && severity === 'medium';
    return {
      answer: {
        verdict: doubtful ? 'uncertain' : 'true_positive',
        confidence: doubtful ? 0.5 : 0.86,
        reasoning: doubtful
          ? `The excerpt shows ${title.toLowerCase()} at ${location}, but whether the value is attacker-controlled depends on code not shown.`
          : `The excerpt shows ${title.toLowerCase()} at ${location} and nothing on the path validates the input.`,
        fix: 'Apply the fix the finding describes at the line named.',
      },
    };
  };
}
