// Complexity of a whole file for churn hotspots: the sum of its functions' cyclomatic complexity (same count as
// the quality analyzer, on the shared tree), or a decision-keyword count for languages we do not parse.
import { isParsedLanguage } from '../../parse/languages';
import type { AnalyzerContext } from '../../types';
import { functionComplexities } from '../quality/complexity';

const DECISIONS = /\b(?:if|elif|elsif|for|foreach|while|case|catch|except|rescue|when)\b|&&|\|\|/g;

export function fileComplexityLookup(ctx: AnalyzerContext): (path: string) => number {
  const byPath = new Map(ctx.files.map((f) => [f.path, f]));
  return (path) => {
    const file = byPath.get(path);
    if (!file) return 1;
    try {
      if (isParsedLanguage(file.language)) {
        const tree = ctx.parse(file);
        if (tree) return Math.max(1, functionComplexities(tree, file.language).reduce((sum, f) => sum + f.complexity, 0));
      }
      if (file.size > 1024 * 1024) return 1;
      return 1 + (file.text().match(DECISIONS)?.length ?? 0);
    } catch {
      return 1;
    }
  };
}
