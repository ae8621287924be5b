// docker-compose checks: unpinned service images and datastores published on every host interface.
// (Privileged containers in any YAML are covered by the SAST iac-ci pack.)
import { posix } from 'node:path';
import { load } from 'js-yaml';
import type { Hit } from './finding';
import { RULES } from './rules';

export const COMPOSE_FILE = /(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$/;

const DATASTORE = /^(?:[\w.-]+\/)*(?:postgres|postgis|mysql|mariadb|mongo|mongodb|redis|valkey|elasticsearch|opensearch|memcached|cassandra|couchdb|influxdb|clickhouse[\w-]*|neo4j|rabbitmq|minio)(?::|@|$)/i;

type Yaml = Record<string, unknown>;
const isMap = (v: unknown): v is Yaml => !!v && typeof v === 'object' && !Array.isArray(v);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function unpinned(image: string): boolean {
  if (image.includes('$') || image.includes('@sha256:')) return false;
  const name = image.slice(image.lastIndexOf('/') + 1);
  return !name.includes(':') || name.endsWith(':latest');
}

/** A published port without a host IP (or with 0.0.0.0 / ::) listens on every interface. */
function publicPorts(ports: unknown): string[] {
  if (!Array.isArray(ports)) return [];
  return ports
    .map((p) => (isMap(p) ? (p.host_ip ? null : p.published !== undefined ? String(p.published) : null) : String(p)))
    .filter((p): p is string => p !== null)
    .filter((p) => {
      const parts = p.split(':');
      // "5432" (random host port, still public), "5432:5432", "0.0.0.0:5432:5432"; "127.0.0.1:5432:5432" is local.
      return parts.length < 3 || /^(?:0\.0\.0\.0|\[?::\]?)$/.test(parts[0]!);
    });
}

export function checkCompose(file: string, text: string): Hit[] {
  const doc = load(text, { json: true });
  if (!isMap(doc) || !isMap(doc.services)) return [];
  const lines = text.split(/\r?\n/);
  const lineOf = (pattern: RegExp) => {
    const i = lines.findIndex((l) => pattern.test(l));
    return i < 0 ? 1 : i + 1;
  };
  const hits: Hit[] = [];
  for (const [name, service] of Object.entries(doc.services)) {
    if (!isMap(service) || typeof service.image !== 'string') continue;
    const image = service.image;
    if (unpinned(image)) {
      const line = lineOf(new RegExp(`image:\\s*["']?${escape(image)}["']?\\s*(?:#.*)?$`));
      hits.push({ rule: RULES.composeUnpinnedImage, file, line, key: `${name}:${image}`, snippet: lines[line - 1], properties: { service: name, image } });
    }
    const exposed = DATASTORE.test(image) ? publicPorts(service.ports) : [];
    if (exposed.length) {
      const line = lineOf(new RegExp(escape(exposed[0]!)));
      hits.push({
        rule: RULES.composeDatabasePort,
        file,
        line,
        key: `${name}:ports`,
        snippet: lines[line - 1],
        detail: `Service "${name}" (${image}) publishes ${exposed.join(', ')}.`,
        properties: { service: name, image },
      });
    }
  }
  return hits;
}

const ROOT = /^(?:root|0)(?::(?:root|0))?$/;

/**
 * Dockerfiles whose containers the project's compose files run as a non-root user (`user: "1000:1000"` on a service
 * that builds the Dockerfile, or that runs the image another service builds from it): the image's own USER does not
 * decide who the process runs as there.
 */
export function composeNonRootDockerfiles(composeFiles: readonly { path: string; text: string }[]): Set<string> {
  const builtImage = new Map<string, string>();
  const runAs: { dockerfile?: string; image?: string }[] = [];
  for (const { path, text } of composeFiles) {
    let doc: unknown;
    try {
      doc = load(text, { json: true });
    } catch {
      continue;
    }
    if (!isMap(doc) || !isMap(doc.services)) continue;
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    for (const service of Object.values(doc.services)) {
      if (!isMap(service)) continue;
      const build = typeof service.build === 'string' ? { context: service.build } : isMap(service.build) ? service.build : null;
      const context = build && typeof build.context === 'string' ? build.context : build ? '.' : null;
      const dockerfile = context !== null && !/^[a-z]+:\/\//i.test(context) ? posix.join(dir, context, typeof build?.dockerfile === 'string' ? build.dockerfile : 'Dockerfile') : undefined;
      const image = typeof service.image === 'string' ? service.image : undefined;
      if (dockerfile && image) builtImage.set(image, dockerfile);
      const user = service.user === undefined || service.user === null ? '' : String(service.user).trim();
      if (user && !ROOT.test(user) && !user.includes('$')) runAs.push({ dockerfile, image });
    }
  }
  const out = new Set<string>();
  for (const r of runAs) {
    const file = r.dockerfile ?? (r.image ? builtImage.get(r.image) : undefined);
    if (file) out.add(file);
  }
  return out;
}
