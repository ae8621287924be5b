// No docker daemon runs here, so the deployment files are checked for the facts that make them work: the
// Dockerfile (multi-stage, non-root, read-only friendly, real scripts and entry) and compose.yaml (PostgreSQL,
// 1 API + 3 workers sharing one data volume, probes on real endpoints), with every variable one config.ts reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_ENV_NAMES } from '../src/config';
import { STORAGE_ENV } from '../src/config/storage-config';
import { OPERATIONS } from '../src/openapi/operations';
import { RUN_MODES } from '../src/start';
import { API_PREFIX } from '../src/app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (name: string) => readFileSync(path.join(root, name), 'utf8');
/** Variables that are for the OS or tools in the image, not for DueScan. */
const OS_VARIABLES = new Set(['HOME', 'TMPDIR']);

interface Instruction {
  op: string;
  args: string;
}

/** Dockerfile instructions with continuation lines joined and comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

/** `KEY=value KEY2=value` (ENV's modern form). */
const envNames = (args: string) => [...args.matchAll(/(?:^|\s)([A-Z_][A-Z0-9_]*)=/g)].map((m) => m[1]!);
const routeOf = (url: string) => `GET ${new URL(url).pathname.slice(API_PREFIX.length)}`;

describe('Dockerfile', () => {
  const instructions = parseDockerfile(read('Dockerfile'));
  const lastFrom = instructions.map((i) => i.op).lastIndexOf('FROM');
  const runtime = instructions.slice(lastFrom);

  it('is multi-stage on the Node major the repository pins', () => {
    const froms = instructions.filter((i) => i.op === 'FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const major = read('.nvmrc').trim().split('.')[0];
    for (const from of froms) expect(from.args).toMatch(new RegExp(`^node:${major}[-.]`));
    expect(runtime.some((i) => i.op === 'COPY' && i.args.includes('--from=build'))).toBe(true);
  });

  it('runs the final stage as a non-root user', () => {
    const users = runtime.filter((i) => i.op === 'USER').map((i) => i.args.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
  });

  it('writes only to the data volume (owned by that user) and /tmp', () => {
    const env = Object.fromEntries(
      runtime.filter((i) => i.op === 'ENV').flatMap((i) => [...i.args.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1], m[2]])),
    );
    expect(env.DATA_DIR).toBe('/data');
    expect(runtime.find((i) => i.op === 'VOLUME')?.args).toContain('/data');
    expect(runtime.some((i) => i.op === 'RUN' && /chown node:node \/data/.test(i.args))).toBe(true);
    expect(env.TMPDIR).toBe('/tmp');
  });

  it('runs only scripts that exist and the server bundle with a real mode', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    const used = instructions.filter((i) => i.op === 'RUN').flatMap((i) => [...i.args.matchAll(/npm run (\S+)/g)].map((m) => m[1]!));
    expect(used.length).toBeGreaterThan(0);
    for (const script of used) expect(Object.keys(scripts)).toContain(script);
    const entry = JSON.parse(runtime.find((i) => i.op === 'ENTRYPOINT')!.args) as string[];
    expect(entry).toContain('apps/server/dist/main.js');
    expect(read('apps/server/build.mjs')).toContain("main: 'src/main.ts'");
    const cmd = JSON.parse(runtime.find((i) => i.op === 'CMD')!.args) as string[];
    expect(RUN_MODES).toContain(cmd[0]);
  });

  it('sets only variables the server reads', () => {
    for (const name of instructions.filter((i) => i.op === 'ENV').flatMap((i) => envNames(i.args))) {
      if (!OS_VARIABLES.has(name)) expect(CONFIG_ENV_NAMES, name).toContain(name);
    }
  });

  it('probes a real endpoint', () => {
    const probe = /http:\/\/127\.0\.0\.1:'\+\(process\.env\.PORT\|\|8080\)\+'(\/\S+?)'/.exec(runtime.find((i) => i.op === 'HEALTHCHECK')!.args);
    expect(probe).not.toBeNull();
    expect(OPERATIONS).toHaveProperty([routeOf(`http://x${probe![1]}`)]);
  });

  it('keeps host build output and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '.env', 'data']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  // Compose resolves `<<:` merge keys (the file shares one DueScan block between API and workers); so do we.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, checked field by field below
  const compose = load(read('compose.yaml'), { schema: CORE_SCHEMA.withTags(mergeTag) }) as any;
  const { postgres, api, worker } = compose.services;

  it('runs PostgreSQL, one API and three workers from one image', () => {
    expect(postgres.image).toMatch(/^postgres:/);
    expect(api.command).toEqual(['serve']);
    expect(worker.command).toEqual(['worker']);
    expect(api.deploy?.replicas ?? 1).toBe(1);
    expect(worker.deploy.replicas).toBe(3);
    expect(api.build).toBe('.');
    expect(worker.image).toBe(api.image);
  });

  it('shares one data volume and one database between API and workers', () => {
    for (const service of [api, worker]) {
      expect(service.volumes).toContain('duescan-data:/data');
      expect(service.environment.DATA_DIR).toBe('/data');
      const url = new URL(service.environment.DATABASE_URL);
      expect(url.hostname).toBe('postgres');
      expect(url.pathname).toBe(`/${postgres.environment.POSTGRES_DB}`);
      expect(service.depends_on.postgres.condition).toBe('service_healthy');
    }
    expect(Object.keys(compose.volumes)).toContain('duescan-data');
  });

  it('runs DueScan read-only with a tmpfs /tmp and a stop grace longer than the shutdown grace', () => {
    for (const service of [api, worker]) {
      expect(service.read_only).toBe(true);
      expect(service.tmpfs).toContain('/tmp');
      const grace = Number(service.environment.SHUTDOWN_GRACE_SECONDS);
      expect(Number(/^(\d+)s$/.exec(service.stop_grace_period)![1])).toBeGreaterThan(grace + 10);
    }
  });

  it('forwards every storage setting from the shell to API and workers (STORAGE=s3 needs the same bucket on both)', () => {
    for (const service of [api, worker]) {
      for (const name of Object.keys(STORAGE_ENV)) expect(service.environment[name], name).toMatch(new RegExp(`^\\$\\{${name}:-`));
    }
  });

  it('sets only variables the server reads', () => {
    for (const service of [api, worker]) {
      for (const name of Object.keys(service.environment)) expect(CONFIG_ENV_NAMES, name).toContain(name);
    }
  });

  it('checks the API with the readiness endpoint', () => {
    const test = (api.healthcheck.test as string[]).join(' ');
    const url = /(http:\/\/127\.0\.0\.1:\d+\/\S+?)'/.exec(test)![1]!;
    expect(routeOf(url)).toBe('GET /ready');
    expect(OPERATIONS).toHaveProperty(['GET /ready']);
    expect(new URL(url).port).toBe(api.environment.PORT);
  });
});
