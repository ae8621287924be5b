import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import type { Finding } from '../../types';
import { calledWorkflows, checkGithubWorkflow } from './ci-workflows';
import { DOCKERFILE, checkDockerfile } from './dockerfile';
import { toFinding } from './finding';
import { checkDjangoSettings } from './framework-settings';
import { configAnalyzer } from './index';

const result = await configAnalyzer.run(makeTestContext(join(import.meta.dirname, 'fixtures', 'project')));
const inFile = (file: string) => result.findings.filter((f) => f.location.file === file);
const summary = (findings: Finding[]) => findings.map((f) => `${f.ruleId}@${f.location.startLine}`).sort();

describe('config analyzer: Dockerfiles', () => {
  it('flags root, unpinned images, secret ENV/ARG, ADD from URL and unpinned packages', () => {
    // (line 12's GOOGLE_API_KEY=no and USE_ID_TOKEN=false are a marker and a switch, not secrets; lines 2-3 are in
    // the build stage, which is not shipped)
    expect(summary(inFile('Dockerfile'))).toEqual([
      'config.docker.add-remote-url@5',
      'config.docker.apt-unpinned@6',
      'config.docker.runs-as-root@10',
      'config.docker.secret-in-env@14',
      'config.docker.secret-in-env@15',
      'config.docker.unpinned-base-image@1',
      'config.docker.unpinned-base-image@9',
    ]);
    const env = inFile('Dockerfile').find((f) => f.properties?.variable === 'API_KEY')!;
    expect(env.snippet).toBe('ENV API_KEY=***');
    expect(env.message).toMatch(/literal value/);
    expect(JSON.stringify(result.findings)).not.toContain('fixture-api-value');
    const root = inFile('Dockerfile').find((f) => f.ruleId === 'config.docker.runs-as-root')!;
    expect(root).toMatchObject({ category: 'configuration', severity: 'medium', cwe: ['CWE-250'], owasp: ['A05:2021-Security Misconfiguration'] });
    expect(root.fix.example).toContain('USER app');
  });

  it('accepts a digest-pinned image, a non-root user inherited through stages, checksummed ADD, pinned packages, *_FILE variables', () => {
    expect(inFile('docker/Dockerfile.safe')).toEqual([]);
  });

  it('an application server started with a uid to switch to (uwsgi .ini uid = www-data, --uid/--user) runs unprivileged', () => {
    const root = (text: string, files: Record<string, string> = {}) => checkDockerfile('Dockerfile', text, (p) => files[p] ?? null).filter((h) => h.rule.id === 'config.docker.runs-as-root').length;
    const image = 'FROM python:3.12-slim\nCOPY docker/uwsgi.ini /app/uwsgi.ini\nCMD ["uwsgi", "--ini", "/app/uwsgi.ini"]\n';
    expect(root(image, { 'docker/uwsgi.ini': '[uwsgi]\nmodule = app\nuid = www-data\ngid = www-data\n' })).toBe(0);
    expect(root(image, { 'docker/uwsgi.ini': '[uwsgi]\nmodule = app\nuid = root\n' })).toBe(1);
    expect(root(image, { 'docker/uwsgi.ini': '[uwsgi]\nmodule = app\n' })).toBe(1);
    expect(root('FROM python:3.12-slim\nCMD gunicorn --user www-data app:app\n')).toBe(0);
    expect(root('FROM python:3.12-slim\nCMD gunicorn --workers 4 app:app\n')).toBe(1);
  });

  it('an image its authors say is not for production is not flagged for running as root', () => {
    const rules = (text: string) => checkDockerfile('Dockerfile', text).map((h) => h.rule.id).filter((id) => id === 'config.docker.runs-as-root');
    expect(rules('FROM node:20.1.0\n# This image is NOT made for production use.\nCMD ["node", "app.js"]\n')).toEqual([]);
    expect(rules('FROM node:20.1.0\n# development only\nCMD ["node", "app.js"]\n')).toEqual([]);
    expect(rules('FROM node:20.1.0\n# This Dockerfile is intended solely for local development of the forum\nCMD ["node", "app.js"]\n')).toEqual([]);
    expect(rules('FROM node:20.1.0\n# for development purposes only\nCMD ["node", "app.js"]\n')).toEqual([]);
    expect(rules('FROM node:20.1.0\n# production image\nCMD ["node", "app.js"]\n')).toEqual(['config.docker.runs-as-root']);
  });

  it('development, builder, mock-service and test images, GitHub container actions and generator templates are not the production container', () => {
    const root = (file: string) => checkDockerfile(file, 'FROM node:20.1.0\nCMD ["node", "server.js"]\n').filter((h) => h.rule.id === 'config.docker.runs-as-root').length;
    for (const file of ['docker/Dockerfile.front.dev', '.github/actions/deploy/Dockerfile', 'tools/snmpd/Dockerfile', 'docker/mockservices/Dockerfile', 'docker/browser-test/browser/Dockerfile', 'builder/Dockerfile', 'docker/builder-go.dockerfile', 'packages/create/templates/Dockerfile.hbs']) {
      expect(root(file), file).toBe(0);
    }
    for (const file of ['Dockerfile', 'docker/Dockerfile.server', 'apps/web/Dockerfile.production', 'contest/Dockerfile', 'api.Dockerfile']) expect(root(file), file).toBe(1);
  });

  it('a secret ENV or ARG of a discarded build stage is not in the shipped image; in the final stage, or one it is built FROM, it is', () => {
    const secrets = (text: string) => checkDockerfile('Dockerfile', text).filter((h) => h.rule.id === 'config.docker.secret-in-env').map((h) => h.line);
    const build = 'FROM node:20.1.0 AS build\nARG NPM_TOKEN\nENV CLOUD_ACCESS_TOKEN=abc123def456\nRUN npm ci\n';
    expect(secrets(`${build}FROM node:20.1.0-slim\nUSER node\nCOPY --from=build /app/dist /app\n`)).toEqual([]);
    expect(secrets(`${build}FROM build AS release\nUSER node\n`)).toEqual([2, 3]);
    expect(secrets(`${build}FROM node:20.1.0-slim\nENV API_TOKEN=abc123def456\nUSER node\n`)).toEqual([6]);
  });

  it('a setting about a secret (a rotation period, a timeout, a size) is not the secret', () => {
    const secrets = (text: string) => checkDockerfile('Dockerfile', text).filter((h) => h.rule.id === 'config.docker.secret-in-env').map((h) => h.line);
    expect(secrets('FROM node:20.1.0-slim\nARG grace=0\nENV PRIVATE_KEY_ROTATION_GRACE_PERIOD=${grace}\nENV SESSION_TOKEN_TIMEOUT=3600s\nENV PRIVATE_KEY=${KEY}\nUSER node\n')).toEqual([5]);
  });

  it('USER root is flagged, USER app is not; no USER at all is flagged at the final FROM', () => {
    const rules = (text: string) => checkDockerfile('Dockerfile', text).map((h) => `${h.rule.id}@${h.line}`);
    expect(rules('FROM alpine:3.20\nUSER root\n')).toEqual(['config.docker.runs-as-root@2']);
    expect(rules('FROM alpine:3.20\nUSER app\n')).toEqual([]);
    expect(rules('FROM alpine:3.20\nUSER app\nFROM debian:12\nCMD ["x"]\n')).toEqual(['config.docker.runs-as-root@3']);
    expect(rules('FROM gcr.io/distroless/nodejs20-debian12:nonroot\n')).toEqual([]);
    expect(rules('FROM python:3.12\nUSER app\nCMD ["python", "manage.py", "runserver", "0.0.0.0:8000"]\n')).toEqual(['config.docker.dev-server@3']);
    expect(rules('FROM python:3.12\nUSER app\nCMD ["gunicorn", "app.wsgi"]\nENV AUTH_MODE=oauth PWD=/srv\n')).toEqual([]);
  });

  it('a base chosen at build time, and base/build/dev variants of a Dockerfile, are not judged for USER', () => {
    const root = (file: string, text: string) => checkDockerfile(file, text).filter((h) => h.rule.id === 'config.docker.runs-as-root').length;
    expect(root('Dockerfile', 'FROM example/app:${TAG}\nRUN apt-get install -y chromium\n')).toBe(0);
    expect(root('Dockerfile.base', 'FROM node:22.1.0\nRUN npm ci\n')).toBe(0);
    expect(root('docker/dev.Dockerfile', 'FROM node:22.1.0\n')).toBe(0);
    expect(root('Dockerfile.prod', 'FROM node:22.1.0\n')).toBe(1);
    expect(root('.devcontainer/Dockerfile', 'FROM node:22.1.0\n')).toBe(0);
    expect(root('.ci/Dockerfile.cypress', 'FROM cypress/included:13.6.0\n')).toBe(0);
    expect(root('docker/app/Dockerfile', 'FROM node:22.1.0\n')).toBe(1);
    expect(root('container/builder.dockerfile', 'FROM python:3.12-slim\n')).toBe(0);
    expect(root('extras/docker/base/Dockerfile', 'FROM python:3.12-slim\n')).toBe(0);
    // built FROM the project's own base layer, which sets the user
    expect(root('container/dist.dockerfile', 'FROM searxng/base:searxng\nCOPY . /app\n')).toBe(0);
    // package-building and development images, by folder or by the command they run
    expect(root('docker/rpms/Fedora_41/Fedora41.dockerfile', 'FROM fedora:41\nRUN dnf install -y rpm-build\n')).toBe(0);
    expect(root('docker/develop/develop.dockerfile', 'FROM opensuse/leap:15.6\nCMD ["/bin/bash"]\n')).toBe(0);
    expect(root('docker/Dockerfile', 'FROM debian:12\nCMD ["/bin/bash", "-c", "make debs"]\n')).toBe(0);
    expect(root('docker/Dockerfile', 'FROM debian:12\nCMD ["/usr/bin/app", "--serve"]\n')).toBe(1);
  });

  it('an image whose entrypoint drops root with gosu/su-exec runs unprivileged; without it, it is root', () => {
    const root = (text: string) => checkDockerfile('Dockerfile', text).filter((h) => h.rule.id === 'config.docker.runs-as-root').length;
    expect(root('FROM python:3.12-slim AS base\nRUN apt-get install -y gosu=1.14-1\nFROM base\nENTRYPOINT ["/app/run.sh"]\n')).toBe(0);
    expect(root('FROM alpine:3.20\nRUN apk add su-exec\nENTRYPOINT ["/entry.sh"]\n')).toBe(0);
    expect(root('FROM python:3.12-slim\nRUN apt-get install -y curl=7.88.1-10\nENTRYPOINT ["/app/run.sh"]\n')).toBe(1);
  });

  it("an official server image keeps its entrypoint, which drops root (redis, mariadb, nginx workers); replacing the entrypoint does not", () => {
    const root = (text: string) => checkDockerfile('docker/redis/Dockerfile', text).filter((h) => h.rule.id === 'config.docker.runs-as-root').length;
    expect(root('FROM redis:7.2.4\nCOPY redis.conf /usr/local/etc/redis/redis.conf\nCMD ["redis-server", "/usr/local/etc/redis/redis.conf"]\n')).toBe(0);
    expect(root('FROM mariadb:11.4\nUSER root\nCOPY init.sql /docker-entrypoint-initdb.d/\n')).toBe(0);
    expect(root('FROM nginx:1.27-alpine\nCOPY dist /usr/share/nginx/html\n')).toBe(0);
    expect(root('FROM redis:7.2.4\nENTRYPOINT ["redis-server"]\n')).toBe(1);
    expect(root('FROM myorg/redis-tools:1.0\nCMD ["run"]\n')).toBe(1);
  });

  it('a base image documented to run unprivileged (its USER, or an entrypoint that drops root) decides the user of a Dockerfile that adds files to it', () => {
    const root = (text: string) => checkDockerfile('conf/docker/Dockerfile', text).filter((h) => h.rule.id === 'config.docker.runs-as-root').length;
    // USER nobody / USER temporal / USER 101 set in the base image, inherited
    expect(root('FROM prom/prometheus\nADD prometheus.yml /etc/prometheus/\nCMD ["--config.file=/etc/prometheus/prometheus.yml"]\n')).toBe(0);
    expect(root('FROM temporalio/auto-setup:1.22\nCOPY dynamicconfig.yaml /etc/temporal/\n')).toBe(0);
    expect(root('FROM docker.io/nginxinc/nginx-unprivileged:1.27\nCOPY dist /usr/share/nginx/html\n')).toBe(0);
    expect(root('FROM bitnami/redis:7.2 AS cache\nFROM cache\nCOPY redis.conf /opt/bitnami/redis/etc/\n')).toBe(0);
    // the official ClickHouse entrypoint chowns its data, then runs the server as user clickhouse
    expect(root('FROM clickhouse/clickhouse-server:24.12.6.70-alpine\n')).toBe(0);
    // an AWS Lambda base image runs the function as Lambda's own unprivileged user
    expect(root('FROM public.ecr.aws/lambda/nodejs:18-x86_64 AS BUILD_IMAGE\nCOPY dist ${LAMBDA_TASK_ROOT}\nCMD ["index.handler"]\n')).toBe(0);
    expect(root('FROM amazon/aws-lambda-python:3.12\nCOPY app.py ./\nCMD ["app.handler"]\n')).toBe(0);
    // switching back to root, or replacing the dropping entrypoint, runs as root
    expect(root('FROM prom/prometheus\nUSER root\nRUN chown -R root /prometheus\n')).toBe(1);
    expect(root('FROM clickhouse/clickhouse-server:24.12\nENTRYPOINT ["clickhouse-server"]\n')).toBe(1);
    // language and distribution images, and images the catalogue does not know, run as root without USER
    expect(root('FROM node:22.15.0-alpine\nCOPY . /app\nCMD ["node", "server.js"]\n')).toBe(1);
    expect(root('FROM temporalio/web:1.13.0\nENTRYPOINT ["node", "server.js"]\n')).toBe(1);
    expect(root('FROM prom/prometheus-like:1.0\n')).toBe(1);
  });

  it("a project's own base layer decides the user behind a registry host too", () => {
    const root = (text: string) => checkDockerfile('container/dist.dockerfile', text).filter((h) => h.rule.id === 'config.docker.runs-as-root').length;
    expect(root('FROM docker.io/searxng/base:searxng AS dist\nCOPY . /app\n')).toBe(0);
    expect(root('FROM docker.io/library/python:3.12-slim\nCOPY . /app\n')).toBe(1);
  });
});

describe('Dockerfile names', () => {
  it.each([
    ['Dockerfile', true],
    ['docker/Dockerfile.prod', true],
    ['api.dockerfile', true],
    ['Containerfile', true],
    ['libraries/codemirror/mode/dockerfile/dockerfile.js', false],
    ['src/parsers/Dockerfile.ts', false],
    ['docs/Dockerfile.md', false],
  ])('%s is a Dockerfile: %s', (path, yes) => {
    expect(DOCKERFILE.test(path)).toBe(yes);
  });
});

describe('config analyzer: docker-compose', () => {
  it('flags an untagged image and a datastore port on all interfaces, not a loopback-bound or unpublished one', () => {
    expect(summary(inFile('docker-compose.yml'))).toEqual(['config.compose.database-port-exposed@8', 'config.compose.unpinned-image@6']);
    expect(inFile('docker-compose.yml').find((f) => f.ruleId === 'config.compose.database-port-exposed')).toMatchObject({
      severity: 'low',
      cwe: ['CWE-1327'],
      properties: { service: 'db', image: 'postgres' },
    });
  });
});

describe('config analyzer: CI pipelines', () => {
  it('flags an unpinned third-party action and write-all, not first-party, SHA-pinned or local actions', () => {
    expect(summary(inFile('.github/workflows/ci.yml'))).toEqual(['config.gha.permissions-write-all@3', 'config.gha.unpinned-action@9']);
    const action = inFile('.github/workflows/ci.yml').find((f) => f.ruleId === 'config.gha.unpinned-action')!;
    expect(action).toMatchObject({ severity: 'medium', cwe: ['CWE-829'], properties: { action: 'tj-actions/changed-files@v41' } });
  });

  it('an unpinned action in a read-only job of a workflow that reads no secret is low; with a secret or a write token, medium', () => {
    const workflow = (permissions: string, step: string) =>
      `on: pull_request\n${permissions}jobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: dorny/paths-filter@v4\n${step}`;
    const severity = (text: string) => checkGithubWorkflow('.github/workflows/ci.yml', text).map((h) => toFinding(h).severity);
    expect(severity(workflow('permissions:\n  pull-requests: read\n', ''))).toEqual(['low']);
    expect(severity(workflow('permissions: read-all\n', ''))).toEqual(['low']);
    expect(severity(workflow('permissions: read-all\n', '      # - run: deploy\n      #   env:\n      #     TOKEN: ${{ secrets.NPM_TOKEN }}\n'))).toEqual(['low']);
    expect(severity(workflow('permissions:\n  contents: write\n', ''))).toEqual(['medium']);
    expect(severity(workflow('', ''))).toEqual(['medium']);
    expect(severity(workflow('permissions: {}\n', '      - run: deploy\n        env:\n          TOKEN: ${{ secrets.NPM_TOKEN }}\n'))).toEqual(['medium']);
  });

  it("a reusable workflow none of the project's workflows calls (callers commented out) is low; a called one keeps medium; GitHub's Dependabot action is first-party", () => {
    const reusable = 'on:\n  workflow_call:\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: docker/login-action@v3\n        with:\n          password: ${{ secrets.DOCKER_PASSWORD }}\n';
    const severity = (called?: Set<string>) => checkGithubWorkflow('.github/workflows/common-deploy.yml', reusable, new Set(), called).map((h) => toFinding(h).severity);
    const caller = (line: string) => calledWorkflows([{ path: '.github/workflows/app.yml', text: () => `on: push\njobs:\n  deploy:\n${line}\n` }]);
    expect(severity(caller('    # uses: ./.github/workflows/common-deploy.yml'))).toEqual(['low']);
    expect(severity(caller('    uses: ./.github/workflows/common-deploy.yml'))).toEqual(['medium']);
    expect(severity(caller('    uses: acme/app/.github/workflows/common-deploy.yml@main'))).toEqual(['medium']);
    // unknown callers (no project view): the rule's severity
    expect(severity()).toEqual(['medium']);
    const dependabot = 'on: pull_request_target\njobs:\n  meta:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: dependabot/fetch-metadata@v3\n';
    expect(checkGithubWorkflow('.github/workflows/deps.yml', dependabot)).toEqual([]);
  });

  it('flags a workflow_run workflow that checks out the triggering head', () => {
    expect(summary(inFile('.github/workflows/comment.yml'))).toEqual(['config.gha.workflow-run-untrusted-checkout@14']);
  });

  it('flags GitLab unpinned images, remote includes and literal secret variables only', () => {
    expect(summary(inFile('.gitlab-ci.yml'))).toEqual([
      'config.ci.secret-in-variables@8',
      'config.gitlab.remote-include@3',
      'config.gitlab.unpinned-image@1',
      'config.gitlab.unpinned-image@15',
    ]);
    expect(JSON.stringify(result.findings)).not.toContain('fixture-deploy-value');
  });
});

describe('config analyzer: framework settings', () => {
  it('flags Django wildcard hosts and CORS in production settings, not in local settings', () => {
    expect(summary(inFile('app/settings/production.py'))).toEqual(['config.django.allowed-hosts-wildcard@3', 'config.django.cors-allow-all@4']);
    expect(inFile('app/settings/local.py')).toEqual([]);
  });

  it('CORS open to every origin without credentials is a public API, not a finding', () => {
    const cors = (text: string) => checkDjangoSettings('settings.py', text).map((h) => h.rule.id);
    expect(cors('CORS_ALLOW_ALL_ORIGINS = True\n')).toEqual([]);
    expect(cors('CORS_ALLOW_ALL_ORIGINS = True\nCORS_ALLOW_CREDENTIALS = True\n')).toEqual(['config.django.cors-allow-all']);
  });

  it('flags debug in a committed .flaskenv', () => {
    expect(summary(inFile('.flaskenv'))).toEqual(['config.env.debug-enabled@1']);
  });

  it('flags Spring actuator exposure, H2 console, insecure cookies and debug (properties and YAML), not dev profiles', () => {
    expect(summary(inFile('src/main/resources/application.properties'))).toEqual([
      'config.spring.actuator-exposed@2',
      'config.spring.h2-console-enabled@3',
      'config.spring.session-cookie-insecure@4',
    ]);
    expect(summary(inFile('src/main/resources/application.yml'))).toEqual(['config.spring.debug-enabled@1']);
    expect(inFile('src/main/resources/application-dev.properties')).toEqual([]);
  });

  it('gives every finding an id, CWE, OWASP, fix example and reference', () => {
    for (const f of result.findings) {
      expect(f.id).toMatch(/^[0-9a-f]{16}$/);
      expect(f.cwe.length).toBeGreaterThan(0);
      expect(f.owasp.length).toBeGreaterThan(0);
      expect(f.fix.example).toBeTruthy();
      expect(f.references.length).toBeGreaterThan(0);
    }
    expect(new Set(result.findings.map((f) => f.id)).size).toBe(result.findings.length);
  });
});

describe('config analyzer: robustness', () => {
  const dir = mkdtempSync(join(tmpdir(), 'duescan-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('records a broken workflow as skipped and says when there is nothing to check', async () => {
    writeFileSync(join(dir, 'main.py'), 'print(1)\n');
    const empty = await configAnalyzer.run(makeTestContext(dir));
    expect(empty.note).toMatch(/No Dockerfiles/);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
    writeFileSync(join(dir, '.github', 'workflows', 'bad.yml'), 'on: [push\njobs: {\n');
    const ctx = makeTestContext(dir);
    const broken = await configAnalyzer.run(ctx);
    expect(broken.findings).toEqual([]);
    expect(ctx.skipped).toEqual([expect.objectContaining({ file: '.github/workflows/bad.yml', reason: 'parse-error' })]);
  });
});

describe('config analyzer: first-party actions', () => {
  const workflow = "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: acme/actions/build@main\n      - uses: other/tool@v2\n";
  const scan = async (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'duescan-owner-'));
    try {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      return (await configAnalyzer.run(makeTestContext(dir))).findings.map((f) => f.properties?.action);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('a step or job switched off with `if: false` resolves no action; a conditional one may', async () => {
    expect(await scan({ '.github/workflows/ci.yml': workflow.replace('      - uses: other/tool@v2\n', '      - if: false\n        uses: other/tool@v2\n') })).toEqual(['acme/actions/build@main']);
    expect(await scan({ '.github/workflows/ci.yml': workflow.replace('  build:\n', '  build:\n    if: ${{ false }}\n') })).toEqual([]);
    expect(await scan({ '.github/workflows/ci.yml': workflow.replace('      - uses: other/tool@v2\n', "      - if: github.event_name == 'push'\n        uses: other/tool@v2\n") })).toEqual(['acme/actions/build@main', 'other/tool@v2']);
  });

  it("an action of the project's own owner (package manifest or own-repository condition) is first-party", async () => {
    const wf = { '.github/workflows/ci.yml': workflow };
    expect(await scan(wf)).toEqual(['acme/actions/build@main', 'other/tool@v2']);
    expect(await scan({ ...wf, 'package.json': '{"name":"x","repository":{"type":"git","url":"git+https://github.com/acme/app.git"}}' })).toEqual(['other/tool@v2']);
    expect(await scan({ ...wf, 'pyproject.toml': '[project.urls]\nRepository = "https://github.com/acme/app"\n' })).toEqual(['other/tool@v2']);
    expect(await scan({ '.github/workflows/ci.yml': workflow.replace('  build:\n', "  build:\n    if: github.repository == 'acme/app'\n") })).toEqual(['other/tool@v2']);
    // a reusable workflow of this repository called by its full name
    const reusable = "on: push\njobs:\n  deploy:\n    uses: acme/app/.github/workflows/deploy.yml@main\n";
    expect(await scan({ ...wf, '.github/workflows/release.yml': reusable, '.github/workflows/deploy.yml': 'on: workflow_call\njobs: {}\n' })).toEqual(['other/tool@v2']);
    expect((await scan({ ...wf, '.github/workflows/release.yml': reusable })).sort()).toEqual(['acme/actions/build@main', 'acme/app/.github/workflows/deploy.yml@main', 'other/tool@v2']);
    // a composite action of this repository called by its full name
    const composite = "on: push\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: acme/app/.github/actions/setup@dev\n";
    expect(await scan({ ...wf, '.github/workflows/release.yml': composite, '.github/actions/setup/action.yml': 'runs:\n  using: composite\n  steps: []\n' })).toEqual(['other/tool@v2']);
    expect((await scan({ ...wf, '.github/workflows/release.yml': composite })).sort()).toEqual(['acme/actions/build@main', 'acme/app/.github/actions/setup@dev', 'other/tool@v2']);
    // a dependency's URL elsewhere in a manifest does not make its owner ours
    expect(await scan({ ...wf, 'package.json': '{"name":"x","dependencies":{"y":"github:acme/y"}}' })).toEqual(['acme/actions/build@main', 'other/tool@v2']);
  });
});

describe('config analyzer: a compose file that runs the image as a user', () => {
  const project = async (compose: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'duescan-compose-user-'));
    try {
      mkdirSync(join(dir, 'containers', 'proxy'), { recursive: true });
      writeFileSync(join(dir, 'containers', 'proxy', 'Dockerfile'), 'FROM node:20-slim\nCOPY . /app\nCMD ["node", "/app/index.js"]\n');
      writeFileSync(join(dir, 'docker-compose.yml'), compose);
      return summary((await configAnalyzer.run(makeTestContext(dir))).findings).filter((s) => s.includes('runs-as-root'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  it('user: 1000:1000 on the service that builds it (or runs the image another service builds) is not root', async () => {
    expect(await project('services:\n  proxy:\n    build: ./containers/proxy\n    user: "1000:1000"\n')).toEqual([]);
    expect(await project('services:\n  build-proxy:\n    build:\n      context: containers/proxy\n    image: acme/proxy:1.2\n  proxy:\n    image: acme/proxy:1.2\n    user: app\n')).toEqual([]);
  });
  it('no user, user: root, or a user for another image keeps the finding', async () => {
    expect(await project('services:\n  proxy:\n    build: ./containers/proxy\n')).toEqual(['config.docker.runs-as-root@1']);
    expect(await project('services:\n  proxy:\n    build: ./containers/proxy\n    user: "0:0"\n')).toEqual(['config.docker.runs-as-root@1']);
    expect(await project('services:\n  proxy:\n    build: ./containers/proxy\n  web:\n    image: nginx:1.27\n    user: "101"\n')).toEqual(['config.docker.runs-as-root@1']);
  });
});
