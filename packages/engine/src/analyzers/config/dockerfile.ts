// Dockerfile checks: root user in the final stage, unpinned base images, secrets in ENV/ARG, ADD from URLs,
// unpinned OS packages. Instructions are read as logical lines (backslash continuations joined).
import type { Hit } from './finding';
import { isReference, isSecretName } from './finding';
import { RULES } from './rules';

// Dockerfile, Dockerfile.prod, api.dockerfile; not a source file named after one (a CodeMirror mode's dockerfile.js)
export const DOCKERFILE = /(?:^|\/)(?:Dockerfile(?:\.(?![cm]?[jt]sx?$|py$|md$|json$|go$|rb$|java$|html?$|txt$|snap$)[\w.-]+)?|Containerfile|[\w.-]+\.dockerfile)$/i;

interface Instruction {
  keyword: string;
  args: string;
  line: number;
  raw: string;
}

export function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!;
    if (/^\s*(?:#.*)?$/.test(first)) continue;
    const start = i;
    let joined = first;
    while (/\\\s*$/.test(joined) && i + 1 < lines.length) {
      const next = lines[++i]!;
      // Comment lines inside a continued instruction are ignored by Docker.
      joined = joined.replace(/\\\s*$/, ' ') + (/^\s*#/.test(next) ? '' : next);
    }
    const m = joined.trim().match(/^(\w+)\s*(.*)$/s);
    if (m) out.push({ keyword: m[1]!.toUpperCase(), args: m[2]!.trim(), line: start + 1, raw: first });
  }
  return out;
}

/** `[--platform=..] image[:tag][@digest] [AS name]` -> image reference. */
function imageOf(args: string): { image: string; stage?: string } {
  const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
  const stage = parts.length >= 3 && /^as$/i.test(parts[1] ?? '') ? parts[2]!.toLowerCase() : undefined;
  return { image: parts[0] ?? '', stage };
}

function isUnpinned(image: string): boolean {
  if (image.includes('@sha256:')) return false;
  const name = image.slice(image.lastIndexOf('/') + 1);
  const colon = name.indexOf(':');
  return colon < 0 || name.slice(colon + 1) === 'latest';
}

function envPairs(args: string): { name: string; value: string }[] {
  // `ENV KEY value` (legacy, one pair) or `ENV K1=v1 K2="v 2"`.
  if (!/^[\w.-]+=/.test(args)) {
    const m = args.match(/^([\w.-]+)\s+(.*)$/s);
    return m ? [{ name: m[1]!, value: m[2]! }] : [{ name: args, value: '' }];
  }
  return [...args.matchAll(/([\w.-]+)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)].map((m) => ({ name: m[1]!, value: m[2]! }));
}

/** Values of a secret-named ENV/ARG that hold no secret: blank, a flag, a number, a "none" marker. */
const NOT_A_SECRET_VALUE = /^(true|false|yes|no|on|off|none|null|\d+)$/i;
const DEV_SERVER = /manage\.py["',\s]+runserver|\bflask["',\s]+run\b|\bnpm["',\s]+run["',\s]+dev\b|\bnodemon\b|\b(?:next|vite|ng)["',\s]+(?:dev|serve)\b/;
/**
 * A comment in which the authors say the image is not for production ("This image is NOT made for production use",
 * "intended solely for local development", "for development purposes only").
 */
const NOT_FOR_PRODUCTION = /^\s*#.*\bnot\s+(?:made|meant|intended|suitable|designed|ready|to be used)?\s*(?:for|in)\s+(?:use\s+in\s+)?production\b|^\s*#.*\b(?:development|testing|local)[- ]only\b|^\s*#.*\b(?:intended|meant|made|used)\s+(?:solely\s+|only\s+|just\s+)?for\s+(?:the\s+)?(?:local\s+)?(?:development|testing)\b|^\s*#.*\bfor\s+(?:local\s+)?(?:development|testing|dev)\s+(?:purposes?\s+)?only\b/im;
/**
 * Dockerfile variants that build a base, a builder or a development image, not the production container: by a
 * suffix (Dockerfile.dev, Dockerfile.amavis.dev, builder-go.dockerfile), a folder (dev/, tests/, a browser-test/ or a
 * builder/ folder, mock services, tools/), a GitHub container action (.github/, which GitHub runs as root by design),
 * or a template a generator writes into new projects (Dockerfile.hbs).
 */
const NON_RUNTIME_DOCKERFILE: readonly RegExp[] = [
  /(^|\/)Dockerfile([.-][\w-]+)*[.-](dev|development|base|build|builder|test|tests|ci|local|devcontainer|cypress|e2e)$/i,
  /(^|\/)([\w-]+[.-])?(dev|development|test|base|build|builder)([.-][\w-]+)?\.Dockerfile$/i,
  /\.(hbs|tpl|tmpl|j2|jinja2?|template|ejs|mustache)$/i,
  /(^|\/)(\.devcontainer|\.ci|ci|\.github|dev|develop|development|dev-tools|devtools|tools|tests?|e2e|cypress|base|packaging|rpms?|debs?|[\w-]*-tests?|tests?-[\w-]*|[\w-]*builders?|mock[\w-]*)\//i,
];
/** An image whose command builds OS packages (make rpms, rpmbuild, dpkg-buildpackage): a build environment. */
const PACKAGE_BUILD = /^\s*(CMD|ENTRYPOINT)\b.*\b(make\s+(rpms?|debs?|packages?)|rpmbuild|dpkg-buildpackage|debuild)\b/im;
/**
 * A base image named as a project's own base layer (org/app-base, org/base:tag, also behind a registry host:
 * docker.io/searxng/base:searxng): that layer decides the USER.
 */
const OWN_BASE_IMAGE = /^[\w.-]+\/([\w.-]*[-_])?base(:|$)|^[\w.-]+\/[\w.-]+:([\w.-]*[-_])?base$/i;
/** A registry host before an image's repository (`docker.io/`, `ghcr.io/`, `localhost:5000/`); `library/` is Docker Hub's. */
const REGISTRY_HOST = /^(?:[\w-]+(?:\.[\w-]+)+(?::\d+)?|localhost(?::\d+)?)\/(?:library\/)?|^library\//i;
/** `docker.io/library/redis:7@sha256:...` -> `redis:7@sha256:...` (Docker Hub's official images have no org). */
function withoutRegistry(image: string): string {
  return image.replace(REGISTRY_HOST, '');
}
/** Tools an image's entrypoint uses to drop from root to an unprivileged user at start (after fixing volume owners). */
const PRIVILEGE_DROP = /\b(gosu|su-exec|setpriv|s6-setuidgid|runuser|chpst)\b|\b(uwsgi|gunicorn)\b.*--(uid|user)[ =]['"]?(?!root\b|0\b)\w/;
/** A uWSGI configuration that switches to another user after start (`uid = www-data`). */
const UWSGI_DROPS = /^\s*\[uwsgi\][\s\S]*^\s*uid\s*=\s*['"]?(?!root\b|0\b)\w/m;
/**
 * Base images documented to run their service unprivileged, matched on the repository without registry host or tag.
 * `entrypoint`: the image's own entrypoint starts as root only to fix the owners of its volumes, then executes the
 * server as a service user (or the server's master forks unprivileged workers); it holds while the Dockerfile keeps
 * that ENTRYPOINT. `user`: the image sets a non-root USER, which a Dockerfile built FROM it inherits unless it sets
 * USER itself. A one-line `FROM x` Dockerfile (or one adding only files, settings and a CMD) runs as its base image
 * does. Generic language and distribution images (node, python, debian, ubuntu, alpine...) are not here: they run
 * as root unless the Dockerfile sets USER.
 */
const NON_ROOT_IMAGES: readonly { repo: RegExp; how: 'entrypoint' | 'user' }[] = [
  // docker-library docker-entrypoint.sh: `exec gosu redis|postgres|mysql|mongodb|rabbitmq "$0" "$@"` when started as root
  { repo: /^(redis|postgres|postgis\/postgis|mariadb|mysql|mongo|rabbitmq)$/, how: 'entrypoint' },
  // nginx and httpd: the master binds the port, the workers that serve requests run as nginx / www-data (daemon)
  { repo: /^(nginx|httpd)$/, how: 'entrypoint' },
  // ClickHouse entrypoint.sh: chowns the data folders, then runs clickhouse-server as user clickhouse (gosu or
  // `clickhouse su`) unless CLICKHOUSE_RUN_AS_ROOT=1
  { repo: /^(clickhouse\/clickhouse-server|yandex\/clickhouse-server)$/, how: 'entrypoint' },
  // docker-library memcached Dockerfile: `USER memcache`
  { repo: /^memcached$/, how: 'user' },
  // Bitnami: "non-root container images" run as user 1001 (docs.bitnami.com, Understand rootless containers)
  { repo: /^bitnami\/[\w.-]+$/, how: 'user' },
  // Prometheus project images: `USER nobody` (prometheus, alertmanager, node_exporter Dockerfiles)
  { repo: /^(prom|prometheus)\/(prometheus|alertmanager|node-exporter)$/, how: 'user' },
  // Temporal server images: `USER temporal` (temporalio/docker-builds server.Dockerfile; auto-setup builds on it)
  { repo: /^temporalio\/(server|auto-setup)$/, how: 'user' },
  // NGINX's unprivileged image: `USER 101`, listens on 8080 (nginxinc/docker-nginx-unprivileged)
  { repo: /^nginxinc\/nginx-unprivileged$/, how: 'user' },
  // Grafana: `USER "$GF_UID"` (472, "the grafana user"); Elastic: `USER 1000:0` / `USER kibana`; OpenSearch:
  // `USER $UID` (1000); Keycloak: `USER 1000`; Gitpod workspaces: `USER gitpod`
  { repo: /^grafana\/grafana(-oss|-enterprise)?$/, how: 'user' },
  { repo: /^elasticsearch\/elasticsearch$|^kibana\/kibana$|^opensearchproject\/opensearch(-dashboards)?$/, how: 'user' },
  { repo: /^keycloak\/keycloak$|^gitpod\/workspace-[\w.-]+$/, how: 'user' },
  // AWS Lambda base images (public.ecr.aws/lambda/<runtime>, amazon/aws-lambda-<runtime>): Lambda runs the function as
  // its own least-privileged default user (sbx_user1051), not root (AWS Lambda docs, "Working with Lambda container
  // images")
  { repo: /^lambda\/[\w.-]+$|^amazon\/aws-lambda-[\w.-]+$/, how: 'user' },
];

/** How a base image runs unprivileged, if the catalogue knows it; distroless and other `:nonroot` tags set USER. */
function nonRootImage(image: string): 'entrypoint' | 'user' | undefined {
  const bare = withoutRegistry(image).split('@')[0]!;
  const colon = bare.lastIndexOf(':');
  const repo = (colon > bare.lastIndexOf('/') ? bare.slice(0, colon) : bare).toLowerCase();
  const tag = colon > bare.lastIndexOf('/') ? bare.slice(colon + 1) : '';
  if (/(^|-)nonroot($|-)/i.test(tag)) return 'user';
  return NON_ROOT_IMAGES.find((e) => e.repo.test(repo))?.how;
}
const ROOT_USER = /^(?:root|0)(?::(?:root|0))?$/;
const INSTALL = /\b(?:apt-get|apt)\s+(?:-\S+\s+)*install\b(.*?)(?:&&|;|\||$)|\bapk\s+add\b(.*?)(?:&&|;|\||$)/g;

function unpinnedPackages(run: string): string[] {
  const out: string[] = [];
  for (const m of run.matchAll(INSTALL)) {
    const list = (m[1] ?? m[2] ?? '').split(/\s+/).filter((t) => t && !t.startsWith('-') && !t.startsWith('$'));
    out.push(...list.filter((pkg) => !pkg.includes('=')));
  }
  return out;
}

/**
 * `read` gives a file of the project by its path from the repository root (null when absent): a uWSGI .ini the image
 * copies in that sets `uid = www-data` runs the application unprivileged, as gosu does.
 */
export function checkDockerfile(file: string, text: string, read: (path: string) => string | null = () => null): Hit[] {
  const hits: Hit[] = [];
  /** Last USER of each named stage: a stage built FROM an earlier stage inherits it. */
  const stageUser = new Map<string, Instruction | null>();
  let currentStage: string | undefined;
  let finalFrom: Instruction | null = null;
  let finalImage = '';
  /** The external image each named stage starts from (through stages built FROM stages). */
  const stageRoot = new Map<string, string>();
  let finalRoot = '';
  let lastUser: Instruction | null = null;
  /** The stage installs or runs a tool that drops root at start (gosu...); a stage built FROM it inherits that. */
  const stageDrops = new Map<string, boolean>();
  let drops = false;
  /** The final stage replaces its base image's ENTRYPOINT. */
  let ownEntrypoint = false;
  /** Secret ENV/ARG hits by the stage they were set in; a stage built FROM another inherits its ENV. */
  const stageSecrets = new Map<string, Hit[]>();
  let secrets: Hit[] = [];
  for (const ins of instructions(text)) {
    if (ins.keyword !== 'FROM' && PRIVILEGE_DROP.test(ins.args)) drops = true;
    if ((ins.keyword === 'COPY' || ins.keyword === 'ADD') && copiesDroppingConfig(file, ins.args, read)) drops = true;
    if (ins.keyword === 'ENTRYPOINT') ownEntrypoint = true;
    if (ins.keyword === 'FROM') {
      if (currentStage) {
        stageUser.set(currentStage, lastUser);
        stageDrops.set(currentStage, drops);
        stageSecrets.set(currentStage, secrets);
      }
      const { image, stage } = imageOf(ins.args);
      secrets = [...(stageSecrets.get(image.toLowerCase()) ?? [])];
      drops = stageDrops.get(image.toLowerCase()) ?? false;
      const isStage = stageUser.has(image.toLowerCase());
      if (!isStage && image !== 'scratch' && !image.includes('$') && isUnpinned(image)) {
        hits.push({ rule: RULES.dockerLatest, file, line: ins.line, key: image, snippet: ins.raw, properties: { image } });
      }
      lastUser = isStage ? (stageUser.get(image.toLowerCase()) ?? null) : null;
      currentStage = stage;
      finalRoot = isStage ? (stageRoot.get(image.toLowerCase()) ?? '') : image;
      if (stage) {
        stageUser.set(stage, lastUser);
        stageRoot.set(stage, finalRoot);
      }
      finalFrom = ins;
      finalImage = image;
      ownEntrypoint = false;
    } else if (ins.keyword === 'USER') {
      lastUser = ins;

    } else if (ins.keyword === 'ENV' || ins.keyword === 'ARG') {
      for (const { name, value } of envPairs(ins.args)) {
        // a boolean, numeric or "no"/"none" value is a switch or a marker, not a secret (a bare `ARG TOKEN` still is
        // reported: CI may pass a secret to it at build time, and the layers record it)
        const bare = (value ?? '').replace(/^(["'])(.*)\1$/, '$2');
        if (!isSecretName(name) || (bare ? NOT_A_SECRET_VALUE.test(bare) : ins.keyword === 'ENV')) continue;
        const literal = ins.keyword === 'ENV' && !isReference(value);
        // (an ARG before the first FROM only parameterizes FROM lines: it is the final image's too)
        (finalFrom ? secrets : hits).push({
          rule: RULES.dockerSecretEnv,
          file,
          line: ins.line,
          key: `${ins.keyword} ${name}`,
          snippet: `${ins.keyword} ${name}${value ? '=***' : ''}`,
          detail: `${ins.keyword} ${name}${literal ? ' has a literal value in the Dockerfile.' : '.'}`,
          properties: { variable: name },
        });
      }
    } else if (ins.keyword === 'ADD' && /(?:^|\s)https?:\/\//i.test(ins.args) && !/--checksum=/.test(ins.args)) {
      hits.push({ rule: RULES.dockerAddUrl, file, line: ins.line, key: ins.args, snippet: ins.raw });
    } else if ((ins.keyword === 'CMD' || ins.keyword === 'ENTRYPOINT') && DEV_SERVER.test(ins.args)) {
      hits.push({ rule: RULES.dockerDevServer, file, line: ins.line, key: ins.keyword, snippet: ins.raw });
    } else if (ins.keyword === 'RUN') {
      const unpinned = unpinnedPackages(ins.args);
      if (unpinned.length) {
        hits.push({ rule: RULES.dockerAptUnpinned, file, line: ins.line, key: unpinned.join(' '), snippet: ins.raw, properties: { packages: unpinned.slice(0, 20) } });
      }
    }
  }
  // ENV and ARG of a build stage stay in that stage's discarded layers: only the final stage (with what it inherits
  // from the stage it is built FROM) is shipped, and `docker history` of the image shows only its own
  hits.push(...secrets);
  // Only the final stage becomes the running container; distroless ":nonroot" images already drop root. A base image
  // chosen at build time (FROM org/app:${TAG}, usually the project's own image) decides its own USER, and base,
  // build and development variants of a Dockerfile are not what runs in production.
  const variableBase = finalImage.includes('$') || OWN_BASE_IMAGE.test(withoutRegistry(finalImage));
  // A base image known to run unprivileged: its entrypoint drops root (kept unless replaced), or its USER is inherited
  // (unless this Dockerfile sets USER itself).
  const known = finalRoot ? nonRootImage(finalRoot) : undefined;
  if (known === 'entrypoint' && !ownEntrypoint) drops = true;
  const inheritsUser = known === 'user' && !lastUser;
  // An entrypoint that starts as root only to fix volume owners and then drops to a user (gosu, su-exec) runs the
  // application unprivileged.
  if (finalFrom && !inheritsUser && !/nonroot/i.test(finalImage) && finalImage !== 'scratch' && !variableBase && !drops && !NON_RUNTIME_DOCKERFILE.some((r) => r.test(file)) && !NOT_FOR_PRODUCTION.test(text) && !PACKAGE_BUILD.test(text)) {
    const user = lastUser?.args.split(/\s+/)[0] ?? '';
    if (!lastUser || ROOT_USER.test(user)) {
      const at = lastUser ?? finalFrom;
      hits.push({
        rule: RULES.dockerRoot,
        file,
        line: at.line,
        key: 'final-stage-user',
        snippet: at.raw,
        detail: lastUser ? `USER ${user} at line ${lastUser.line}.` : 'No USER instruction after the final FROM.',
      });
    }
  }
  return hits;
}

/** COPY of a uWSGI .ini (from the Dockerfile's folder or the repository root) whose settings switch to another uid. */
function copiesDroppingConfig(dockerfile: string, args: string, read: (path: string) => string | null): boolean {
  const sources = args.split(/\s+/).filter((a) => a && !a.startsWith('--')).slice(0, -1);
  const dir = dockerfile.includes('/') ? dockerfile.slice(0, dockerfile.lastIndexOf('/') + 1) : '';
  return sources.some((src) => /\.ini$/.test(src) && [src, `${dir}${src}`].some((p) => UWSGI_DROPS.test(read(p.replace(/^\.\//, '')) ?? '')));
}
