import { describe, expect, it } from 'vitest';
import { comparePeers, type PeerScores } from './peers';

const peers: PeerScores = { corpus: 'reference projects', tier: 'ultra', engineVersion: 'x', generatedAt: 'x', scores: [50, 70, 80, 90] };

describe('peer comparison', () => {
  it('is the share of reference projects with a strictly lower score', () => {
    expect(comparePeers(85, peers)).toEqual({ betterThan: 75, projects: 4, corpus: 'reference projects', tier: 'ultra' });
    expect(comparePeers(50, peers)?.betterThan).toBe(0);
    expect(comparePeers(100, peers)?.betterThan).toBe(100);
  });

  it('says nothing without a shipped distribution', () => {
    expect(comparePeers(90, { ...peers, scores: [] })).toBeNull();
  });
});
