// Remediation roadmap: which finding is due when. The rule is fixed and printed in the report.
import type { Finding } from '@duescan/engine';
import { HOURS_PER_FINDING } from './assessment';

export type Phase = 'before-round' | 'days-30' | 'days-90';

export interface RoadmapPhase {
  phase: Phase;
  title: string;
  findings: Finding[];
  hours: number;
}

export const ROADMAP_RULE =
  'Before the round: every critical and high finding, and every leaked secret whatever its severity (a ' +
  'published credential is usable today). Within 30 days: medium findings. Within 90 days: low findings. ' +
  'Informational notes are not scheduled.';

const TITLES: Record<Phase, string> = {
  'before-round': 'Before the round',
  'days-30': 'Within 30 days',
  'days-90': 'Within 90 days',
};

export function phaseOf(f: Finding): Phase | null {
  if (f.severity === 'critical' || f.severity === 'high' || (f.category === 'secrets' && f.severity !== 'info')) return 'before-round';
  if (f.severity === 'medium') return 'days-30';
  if (f.severity === 'low') return 'days-90';
  return null;
}

export function roadmapOf(findings: Finding[]): RoadmapPhase[] {
  const phases: RoadmapPhase[] = (Object.keys(TITLES) as Phase[]).map((phase) => ({ phase, title: TITLES[phase], findings: [], hours: 0 }));
  for (const f of findings) {
    const phase = phaseOf(f);
    if (!phase) continue;
    const row = phases.find((p) => p.phase === phase)!;
    row.findings.push(f);
    row.hours += HOURS_PER_FINDING[f.severity];
  }
  return phases;
}
