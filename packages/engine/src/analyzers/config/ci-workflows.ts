// CI pipeline checks on parsed YAML. GitHub Actions: third-party actions not pinned to a commit SHA,
// write-all tokens, workflow_run workflows that check out the triggering (untrusted) head. GitLab CI: unpinned
// job images, remote includes, literal secrets in variables.
import { load } from 'js-yaml';
import type { Hit } from './finding';
import { isReference, isSecretName } from './finding';
import { RULES } from './rules';

export const GITHUB_WORKFLOW = /^\.github\/workflows\/[^/]+\.ya?ml$/;
export const GITLAB_CI = /(?:^|\/)\.gitlab-ci\.ya?ml$/;

type Yaml = Record<string, unknown>;
const isMap = (v: unknown): v is Yaml => !!v && typeof v === 'object' && !Array.isArray(v);
const FULL_SHA = /^[0-9a-f]{40}$/;
// GitHub's own actions (actions/*, github/*, dependabot/*) are maintained by the platform that already runs the workflow.
const FIRST_PARTY = /^(?:actions|github|dependabot)\//;

/** 1-based line of the first line matching `pattern` (1 when absent: the finding still points at the file). */
function lineOf(lines: string[], pattern: RegExp): number {
  const i = lines.findIndex((l) => pattern.test(l));
  return i < 0 ? 1 : i + 1;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function parse(text: string): Yaml | null {
  const doc = load(text, { json: true });
  return isMap(doc) ? doc : null;
}

function steps(job: Yaml): Yaml[] {
  return Array.isArray(job.steps) ? job.steps.filter(isMap) : [];
}

function triggers(on: unknown): string[] {
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.filter((t): t is string => typeof t === 'string');
  return isMap(on) ? Object.keys(on) : [];
}

/** `owner/repo` conditions a workflow uses to run only in the project's own repository. */
const OWN_REPOSITORY = /github\.repository(_owner)?\s*[!=]=\s*['"]([A-Za-z0-9-]+)(\/[\w.-]+)?['"]/g;
/** `uses: owner/repo/.github/workflows/file.yml@ref`. */
const REUSABLE_WORKFLOW = /uses:\s*["']?([A-Za-z0-9-]+)\/[\w.-]+\/\.github\/workflows\/([\w.-]+\.ya?ml)@/g;
/** Repository URLs in package manifests (package.json repository/homepage/bugs, pyproject/setup.py urls). */
const MANIFEST = /^(package\.json|pyproject\.toml|setup\.py|setup\.cfg)$/;
const MANIFEST_URL = /["']?(repository|repo|source|source[ _]code|homepage|home|url|bugs|issues|tracker)["']?\s*[:=]\s*(\{\s*["']?(type|url)["']?\s*:\s*["'][^"']*["'],?\s*)*["']?(git\+)?(https?:\/\/|git@)github\.com[/:]([A-Za-z0-9-]+)\//gim;

/** `uses: owner/repo/.github/actions/name@ref`: a composite action kept in a repository's .github/actions/. */
const REPO_ACTION = /uses:\s*["']?([A-Za-z0-9-]+)\/[\w.-]+\/\.github\/actions\/([\w.-]+)@/g;
const OWN_ACTION = /^\.github\/actions\/([\w.-]+)\/action\.ya?ml$/;

/** Files projectOwners reads. */
export const ownerSource = (path: string): boolean => MANIFEST.test(path) || GITHUB_WORKFLOW.test(path) || OWN_ACTION.test(path);

/**
 * GitHub owners of the scanned project itself, from its root package manifests, its workflows' own-repository
 * conditions and its own reusable workflows and composite actions called by full name: an action published by the same owner
 * (OctoPrint/actions in OctoPrint) is first-party code.
 */
export function projectOwners(files: readonly { path: string; text: () => string }[]): Set<string> {
  const owners = new Set<string>();
  const workflows = new Set(files.filter((f) => GITHUB_WORKFLOW.test(f.path)).map((f) => f.path.slice(f.path.lastIndexOf('/') + 1)));
  const actions = new Set(files.flatMap((f) => OWN_ACTION.exec(f.path)?.slice(1, 2) ?? []));
  for (const f of files) {
    if (MANIFEST.test(f.path)) for (const m of f.text().matchAll(MANIFEST_URL)) owners.add((m[6] as string).toLowerCase());
    else if (GITHUB_WORKFLOW.test(f.path)) {
      const text = f.text();
      for (const m of text.matchAll(OWN_REPOSITORY)) owners.add((m[2] as string).toLowerCase());
      // a reusable workflow called by its full name whose file is one of this project's own workflows
      for (const m of text.matchAll(REUSABLE_WORKFLOW)) if (workflows.has(m[2] as string)) owners.add((m[1] as string).toLowerCase());
      // ... and so is a composite action called by its full name whose folder is one of this project's own actions
      for (const m of text.matchAll(REPO_ACTION)) if (actions.has(m[2] as string)) owners.add((m[1] as string).toLowerCase());
    }
  }
  return owners;
}

/** `uses: ./.github/workflows/x.yml` or `uses: owner/repo/.github/workflows/x.yml@ref`, outside comments. */
const CALLED_WORKFLOW = /^[^#\n]*\buses:\s*["']?(?:\.\/|[A-Za-z0-9-]+\/[\w.-]+\/)\.github\/workflows\/([\w.-]+\.ya?ml)\b/gm;

/** File names of the workflows some workflow of the project calls (a reusable workflow's callers). */
export function calledWorkflows(files: readonly { path: string; text: () => string }[]): Set<string> {
  const called = new Set<string>();
  for (const f of files) if (GITHUB_WORKFLOW.test(f.path)) for (const m of f.text().matchAll(CALLED_WORKFLOW)) called.add(m[1] as string);
  return called;
}

/** A secret the workflow reads (the job token's own name aside: what it can do is the permissions' business). */
const WORKFLOW_SECRET = /\bsecrets\.(?!GITHUB_TOKEN\b)[A-Za-z_]\w*|\bsecrets:\s*inherit\b/;

/** Token permissions that grant no write: `read-all`, or a map of read/none scopes (`{}` included). Absent: unknown. */
function readOnly(permissions: unknown): boolean {
  if (permissions === 'read-all') return true;
  return isMap(permissions) && Object.values(permissions).every((v) => v === 'read' || v === 'none');
}

/** `if: false` (or `${{ false }}`): the job or step is never run. */
function isDisabled(cond: unknown): boolean {
  return cond === false || (typeof cond === 'string' && /^\s*(\$\{\{\s*)?false\s*(\}\})?\s*$/.test(cond));
}

/**
 * `called`: the workflow file names the project's own workflows call (undefined: not known). A reusable workflow
 * (triggered only by `workflow_call`) that none of them calls never runs in this repository.
 */
export function checkGithubWorkflow(file: string, text: string, owners: ReadonlySet<string> = new Set(), called?: ReadonlySet<string>): Hit[] {
  const doc = parse(text);
  if (!doc) return [];
  const on = triggers(doc.on);
  const uncalled = !!called && on.length > 0 && on.every((t) => t === 'workflow_call') && !called.has(file.slice(file.lastIndexOf('/') + 1));
  const lines = text.split(/\r?\n/);
  const hits: Hit[] = [];
  const jobs = isMap(doc.jobs) ? Object.values(doc.jobs).filter(isMap) : [];
  const seen = new Set<string>();
  // a job or step switched off with `if: false` never resolves its action
  const live = (x: Record<string, unknown>) => !isDisabled(x.if);
  // A job whose token is read-only in a workflow that reads no secret gives an action nothing to steal or push with
  const secrets = WORKFLOW_SECRET.test(text.replace(/^\s*#.*$/gm, '')); // (a commented-out step reads nothing)
  const exposed = new Set<string>();
  const uses: string[] = [];
  for (const job of jobs.filter(live)) {
    const reach = secrets || !readOnly(job.permissions ?? doc.permissions);
    for (const u of [job.uses, ...steps(job).filter(live).map((s) => s.uses)]) {
      if (typeof u !== 'string') continue;
      uses.push(u);
      if (reach) exposed.add(u);
    }
  }
  for (const ref of uses) {
    if (seen.has(ref) || ref.startsWith('./') || ref.startsWith('docker://') || FIRST_PARTY.test(ref) || owners.has(ref.split('/')[0]!.toLowerCase())) continue;
    seen.add(ref);
    const at = ref.lastIndexOf('@');
    const version = at < 0 ? '' : ref.slice(at + 1);
    if (FULL_SHA.test(version)) continue;
    const line = lineOf(lines, new RegExp(`uses:\\s*["']?${escape(ref)}`));
    hits.push({
      rule: RULES.ghaUnpinnedAction,
      file,
      line,
      key: ref.slice(0, at < 0 ? undefined : at),
      snippet: lines[line - 1],
      detail: `${version ? `${ref} is pinned to "${version}".` : `${ref} has no version at all.`}${
        uncalled
          ? ' This reusable workflow runs only when another workflow calls it, and none in this repository does.'
          : exposed.has(ref)
            ? ''
            : ' Its job has a read-only token and the workflow reads no secret: a moved tag can change the build, not steal or push.'
      }`,
      properties: { action: ref },
      ...(exposed.has(ref) && !uncalled ? {} : { severity: 'low' as const }),
    });
  }
  const permissions = [doc.permissions, ...jobs.map((j) => j.permissions)];
  if (permissions.some((p) => p === 'write-all')) {
    const line = lineOf(lines, /permissions:\s*["']?write-all/);
    hits.push({ rule: RULES.ghaWriteAll, file, line, key: 'write-all', snippet: lines[line - 1] });
  }
  if (triggers(doc.on).includes('workflow_run')) {
    for (const step of jobs.flatMap(steps)) {
      const withArgs = isMap(step.with) ? step.with : {};
      const target = `${String(withArgs.ref ?? '')} ${String(withArgs.repository ?? '')}`;
      if (typeof step.uses !== 'string' || !step.uses.startsWith('actions/checkout')) continue;
      if (!/github\.event\.workflow_run\.head_(?:sha|branch|repository)/.test(target)) continue;
      const line = lineOf(lines, /github\.event\.workflow_run\.head_(?:sha|branch|repository)/);
      hits.push({ rule: RULES.ghaWorkflowRunCheckout, file, line, key: 'workflow_run-checkout', snippet: lines[line - 1] });
      break;
    }
  }
  return hits;
}

const GITLAB_RESERVED = new Set(['stages', 'variables', 'include', 'default', 'workflow', 'image', 'services', 'before_script', 'after_script', 'cache']);

function imageName(image: unknown): string | null {
  if (typeof image === 'string') return image;
  return isMap(image) && typeof image.name === 'string' ? image.name : null;
}

function unpinnedImage(image: string): boolean {
  if (image.includes('$') || image.includes('@sha256:')) return false;
  const name = image.slice(image.lastIndexOf('/') + 1);
  return !name.includes(':') || name.endsWith(':latest');
}

function secretVariables(vars: unknown): string[] {
  if (!isMap(vars)) return [];
  return Object.entries(vars)
    .filter(([name, v]) => {
      const value = isMap(v) ? v.value : v;
      return isSecretName(name) && typeof value === 'string' && !isReference(value) && value.length >= 6;
    })
    .map(([name]) => name);
}

export function checkGitlabCi(file: string, text: string): Hit[] {
  const doc = parse(text);
  if (!doc) return [];
  const lines = text.split(/\r?\n/);
  const hits: Hit[] = [];
  const images = new Set<string>();
  const defaults = isMap(doc.default) ? doc.default : {};
  const jobs = Object.entries(doc).filter(([k, v]) => !GITLAB_RESERVED.has(k) && isMap(v)).map(([, v]) => v as Yaml);
  for (const holder of [doc, defaults, ...jobs]) {
    const image = imageName(holder.image);
    if (image && unpinnedImage(image)) images.add(image);
  }
  for (const image of images) {
    const line = lineOf(lines, new RegExp(`(?:image|name):\\s*["']?${escape(image)}\\s*["']?\\s*$`));
    hits.push({ rule: RULES.gitlabImageLatest, file, line, key: image, snippet: lines[line - 1], properties: { image } });
  }
  const includes = Array.isArray(doc.include) ? doc.include : doc.include ? [doc.include] : [];
  for (const inc of includes) {
    const url = typeof inc === 'string' && /^https?:\/\//.test(inc) ? inc : isMap(inc) && typeof inc.remote === 'string' ? inc.remote : null;
    if (!url) continue;
    const line = lineOf(lines, new RegExp(escape(url)));
    hits.push({ rule: RULES.gitlabRemoteInclude, file, line, key: url, snippet: lines[line - 1] });
  }
  for (const name of new Set([doc.variables, ...jobs.map((j) => j.variables)].flatMap(secretVariables))) {
    const line = lineOf(lines, new RegExp(`^\\s*${escape(name)}\\s*:`));
    hits.push({ rule: RULES.ciSecretVariable, file, line, key: name, snippet: `${name}: ***`, properties: { variable: name } });
  }
  return hits;
}
