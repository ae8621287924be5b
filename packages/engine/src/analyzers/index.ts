// Analyzer registry: one import and one entry per analyzer that exists. The tier table (tiers.ts) decides
// which of these run; a tier's analyzer missing here is reported as "skipped", never faked.
import type { Analyzer } from '../types';
import { configAnalyzer } from './config';
import { depsAnalyzer } from './deps';
import { historyAnalyzer } from './history';
import { licensesAnalyzer } from './licenses';
import { qualityAnalyzer } from './quality';
import { sastAnalyzer } from './sast';
import { secretsAnalyzer } from './secrets';

export const ANALYZERS: Analyzer[] = [
  configAnalyzer,
  depsAnalyzer,
  historyAnalyzer,
  licensesAnalyzer,
  qualityAnalyzer,
  sastAnalyzer,
  secretsAnalyzer,
];
