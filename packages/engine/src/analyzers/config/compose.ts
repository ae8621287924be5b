// docker-compose checks: unpinned service images and datastores published on every host interface.
// (Privileged containers in any YAML are covered by the SAST iac-ci pack.)
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
