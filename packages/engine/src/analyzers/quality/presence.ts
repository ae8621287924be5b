// Project hygiene signals an investor asks about: README, CI, lint, type checking, lockfile, license, tests.
// Decided from file names plus a light look inside the few config files whose content matters.
import type { AnalyzerContext, QualityMetrics, SourceFile } from '../../types';

const README = /^(?:docs\/)?readme(?:\.[a-z]+)?$/i;
const CI =
  /^(?:\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml|\.circleci\/config\.ya?ml|Jenkinsfile|azure-pipelines\.ya?ml|\.travis\.ya?ml|bitbucket-pipelines\.ya?ml|\.drone\.ya?ml|\.buildkite\/[^/]+\.ya?ml|\.woodpecker\.ya?ml|cloudbuild\.ya?ml)$/;
const LINT =
  /(?:^|\/)(?:\.eslintrc(?:\.[a-z]+)?|eslint\.config\.[cm]?[jt]s|biome\.jsonc?|\.jshintrc|tslint\.json|ruff\.toml|\.ruff\.toml|\.flake8|\.pylintrc|pylintrc|checkstyle\.xml|pmd\.xml|\.golangci\.ya?ml|\.rubocop\.yml|\.editorconfig-checker)$/;
const LOCKFILE =
  /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|gradle\.lockfile|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock)$/;
const LICENSE = /^(?:license|licence|copying)(?:[.-][a-z0-9.-]+)?$/i;
const TYPED_CONFIG = /(?:^|\/)(?:mypy\.ini|\.mypy\.ini|pyrightconfig\.json)$/;

function depth(path: string): number {
  return path.split('/').length - 1;
}

function contains(file: SourceFile | undefined, pattern: RegExp): boolean {
  if (!file || file.size > 512 * 1024) return false;
  try {
    return pattern.test(file.text());
  } catch {
    return false;
  }
}

export function detectPresence(ctx: AnalyzerContext): QualityMetrics['presence'] {
  const byPath = new Map(ctx.files.map((f) => [f.path, f]));
  const paths = ctx.files.map((f) => f.path);
  const shallow = paths.filter((p) => depth(p) <= 2);
  const pyproject = byPath.get('pyproject.toml');
  const setupCfg = byPath.get('setup.cfg');
  const packageJson = byPath.get('package.json');
  // A tsconfig counts as type checking only when strict: a loose tsconfig is how JS is compiled, not checked.
  const strictTs = paths.some((p) => /(?:^|\/)tsconfig(?:\.[\w-]+)?\.json$/.test(p) && depth(p) <= 2 && contains(byPath.get(p), /"strict"\s*:\s*true/));
  const typeChecking =
    strictTs ||
    shallow.some((p) => TYPED_CONFIG.test(p)) ||
    contains(pyproject, /^\[tool\.(?:mypy|pyright)\]/m) ||
    contains(setupCfg, /^\[mypy\]/m) ||
    // Java and similar languages are checked by their compiler.
    ctx.files.some((f) => f.language === 'java' || f.language === 'kotlin' || f.language === 'csharp');
  const lint =
    shallow.some((p) => LINT.test(p)) ||
    contains(pyproject, /^\[tool\.(?:ruff|pylint|flake8|pylama)[\].]/m) ||
    contains(setupCfg, /^\[flake8\]/m) ||
    contains(packageJson, /"eslintConfig"\s*:/);
  return {
    readme: paths.some((p) => README.test(p)),
    ci: paths.some((p) => CI.test(p)),
    lint,
    typeChecking,
    lockfile: shallow.some((p) => LOCKFILE.test(p)),
    license: paths.some((p) => depth(p) === 0 && LICENSE.test(p)),
    tests: ctx.files.some((f) => f.isTest),
  };
}
