// From the models' answers to one agreement label and a majority verdict.
import type { AiAgreement, AiVerdict, AiVote } from '@duescan/contracts';

export function tally(votes: Pick<AiVote, 'verdict'>[]): { agreement: AiAgreement; majority: AiVerdict | null } {
  if (votes.length === 0) return { agreement: 'none', majority: null };
  const counts = new Map<AiVerdict, number>();
  for (const v of votes) counts.set(v.verdict, (counts.get(v.verdict) ?? 0) + 1);
  const [top, topCount] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const majority = topCount * 2 > votes.length ? top : null;
  if (votes.length === 1) return { agreement: 'single', majority };
  if (counts.size === 1) return { agreement: 'agree', majority };
  return { agreement: majority ? 'dissent' : 'split', majority };
}
