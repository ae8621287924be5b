// All pattern rules, in pack order. Rule ids are stable: baselines and suppressions reference them.
import type { PatternRule } from '../patterns/types';
import { cryptoRules } from './crypto';

export const PATTERN_RULES: readonly PatternRule[] = [...cryptoRules];
