// Config analyzer: security-relevant settings in Dockerfiles, compose files, CI pipelines and framework
// configuration files.
// Each file type has one checker returning rule hits; one broken file is recorded as skipped, never fatal.
import type { Analyzer, AnalyzerContext, Finding, SourceFile } from '../../types';
import { calledWorkflows, checkGithubWorkflow, checkGitlabCi, GITHUB_WORKFLOW, GITLAB_CI, ownerSource, projectOwners } from './ci-workflows';
import { checkCompose, COMPOSE_FILE, composeNonRootDockerfiles } from './compose';
import { checkDockerfile, DOCKERFILE } from './dockerfile';
import { toFinding, type Hit } from './finding';
import { RULES } from './rules';
import {
  checkDjangoSettings,
  checkEnvFile,
  checkSpringConfig,
  DJANGO_SETTINGS,
  ENV_FILE,
  isDevOnly,
  SPRING_CONFIG,
} from './framework-settings';

const MAX_BYTES = 1024 * 1024;

/** The checker for a file, or null when the file is not a configuration file we read. */
/** What the CI checks know of the whole project: its own GitHub owners and the workflows its workflows call. */
interface ProjectCi {
  owners: ReadonlySet<string>;
  called?: ReadonlySet<string>;
  /** A project file's text by its path (a configuration a Dockerfile copies in). */
  read?: (path: string) => string | null;
}

function checkerFor(path: string, ci: ProjectCi = { owners: new Set() }): ((file: string, text: string) => Hit[]) | null {
  if (DOCKERFILE.test(path)) return (file, text) => checkDockerfile(file, text, ci.read);
  if (GITHUB_WORKFLOW.test(path)) return (file, text) => checkGithubWorkflow(file, text, ci.owners, ci.called);
  if (GITLAB_CI.test(path)) return checkGitlabCi;
  // Local development files (docker-compose.dev.yml, settings/local.py...) are meant to be permissive.
  if (isDevOnly(path)) return null;
  if (COMPOSE_FILE.test(path)) return checkCompose;
  if (DJANGO_SETTINGS.test(path)) return checkDjangoSettings;
  if (ENV_FILE.test(path)) return checkEnvFile;
  if (SPRING_CONFIG.test(path)) return checkSpringConfig;
  return null;
}

function checkFile(ctx: AnalyzerContext, file: SourceFile, ci: ProjectCi): Hit[] {
  const check = checkerFor(file.path, ci);
  if (!check || file.size > MAX_BYTES) return [];
  try {
    return check(file.path, file.text());
  } catch (e) {
    ctx.skip({ file: file.path, reason: 'parse-error', detail: String(e instanceof Error ? e.message : e).slice(0, 200) });
    return [];
  }
}

export const configAnalyzer: Analyzer = {
  id: 'config',
  async run(ctx) {
    const findings: Finding[] = [];
    let checked = 0;
    const byPath = new Map(ctx.files.map((f) => [f.path, f]));
    const ci: ProjectCi = {
      owners: projectOwners(ctx.files.filter((f) => ownerSource(f.path) && f.size <= MAX_BYTES)),
      called: calledWorkflows(ctx.files.filter((f) => GITHUB_WORKFLOW.test(f.path) && f.size <= MAX_BYTES)),
      read: (path) => {
        const f = byPath.get(path);
        try {
          return f && f.size <= MAX_BYTES ? f.text() : null;
        } catch {
          return null;
        }
      },
    };
    // a Dockerfile whose container a compose file of the project runs with `user: 1000:1000` does not run as root
    const composed = ctx.files.filter((f) => COMPOSE_FILE.test(f.path) && !isDevOnly(f.path) && f.size <= MAX_BYTES);
    const nonRoot = composed.length ? composeNonRootDockerfiles(composed.map((f) => ({ path: f.path, text: ci.read!(f.path) ?? '' }))) : new Set<string>();
    for (const file of ctx.files) {
      if (!checkerFor(file.path)) continue;
      checked++;
      const hits = checkFile(ctx, file, ci).filter((h) => !(h.rule === RULES.dockerRoot && nonRoot.has(file.path)));
      findings.push(...hits.map(toFinding));
    }
    if (checked === 0) return { findings, note: 'No Dockerfiles, CI pipelines or framework settings files found.' };
    return { findings };
  },
};
