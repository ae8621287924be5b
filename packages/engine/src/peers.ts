// Peer comparison: where a score sits among well-kept open-source projects scanned with the same engine. The
// distribution ships with the engine (peer-scores.json) and is recomputed by `npm run bench -- real-world
// --write-peers` from the real-world corpus (bench/real-world/manifest.json), so it moves with the engine.
import peerData from './peer-scores.json' with { type: 'json' };

export interface PeerScores {
  /** What the reference set is, in words for the report. */
  corpus: string;
  tier: string;
  engineVersion: string;
  generatedAt: string;
  /** Overall scores of the reference projects. */
  scores: number[];
}

export interface PeerComparison {
  /** Share of reference projects with a lower score, in percent (0-100, whole number). */
  betterThan: number;
  projects: number;
  corpus: string;
  tier: string;
}

export const PEER_SCORES: PeerScores = peerData as PeerScores;

/** Null when the engine ships no distribution (never a made-up figure). */
export function comparePeers(overall: number, peers: PeerScores = PEER_SCORES): PeerComparison | null {
  const scores = peers.scores.filter((s) => Number.isFinite(s));
  if (scores.length === 0) return null;
  const below = scores.filter((s) => s < overall).length;
  return { betterThan: Math.round((100 * below) / scores.length), projects: scores.length, corpus: peers.corpus, tier: peers.tier };
}
