// Config rules are data: one entry per check, read by the checkers, the report and the rule catalogue.
// Code-level patterns (Flask app.run(debug=True), Express cors(), cookie calls, DEBUG assignments, GitHub
// Actions script injection and pull_request_target checkouts) belong to the SAST packs; these rules cover
// what lives in configuration files and manifests, so the two never report the same thing twice.
import type { Confidence, Reference, Severity } from '../../types';

export interface ConfigRule {
  id: string;
  title: string;
  severity: Severity;
  confidence: Confidence;
  cwe: string[];
  owasp: string[];
  message: string;
  impact: string;
  fix: { guidance: string; example: string };
  references: Reference[];
}

const A05 = 'A05:2021-Security Misconfiguration';
const A06 = 'A06:2021-Vulnerable and Outdated Components';
const A08 = 'A08:2021-Software and Data Integrity Failures';
const A02 = 'A02:2021-Cryptographic Failures';
const A07 = 'A07:2021-Identification and Authentication Failures';
const cwe = (n: number, title: string): Reference => ({ title: `CWE-${n}: ${title}`, url: `https://cwe.mitre.org/data/definitions/${n}.html` });
const DOCKER_PRACTICES = { title: 'Docker: Dockerfile best practices', url: 'https://docs.docker.com/build/building/best-practices/' };
const GHA_HARDENING = {
  title: 'GitHub: Security hardening for GitHub Actions',
  url: 'https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions',
};
const SPRING_ACTUATOR = { title: 'Spring Boot: Actuator endpoints', url: 'https://docs.spring.io/spring-boot/reference/actuator/endpoints.html' };
const DJANGO_DEPLOY = { title: 'Django deployment checklist', url: 'https://docs.djangoproject.com/en/stable/howto/deployment/checklist/' };

export const RULES = {
  dockerRoot: {
    id: 'config.docker.runs-as-root',
    title: 'Container runs as root',
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-250'],
    owasp: [A05],
    message: 'The final image stage has no USER instruction, or switches to root, so the process runs as root.',
    impact: 'A compromised process owns the whole container and has a much easier path to escape to the host.',
    fix: { guidance: 'Create an unprivileged user and switch to it before the entrypoint.', example: 'RUN useradd --create-home app\nUSER app' },
    references: [cwe(250, 'Execution with Unnecessary Privileges'), DOCKER_PRACTICES],
  },
  dockerLatest: {
    id: 'config.docker.unpinned-base-image',
    title: 'Base image not pinned',
    severity: 'low',
    confidence: 'high',
    cwe: ['CWE-1104'],
    owasp: [A06],
    message: 'FROM uses the :latest tag or no tag, so every build may pull a different, unreviewed image.',
    impact: 'Builds are not reproducible and a compromised or breaking upstream image is picked up silently.',
    fix: { guidance: 'Pin a version tag, ideally with its digest.', example: 'FROM node:20.19-bookworm-slim@sha256:<digest>' },
    references: [cwe(1104, 'Use of Unmaintained Third Party Components'), DOCKER_PRACTICES],
  },
  dockerSecretEnv: {
    id: 'config.docker.secret-in-env',
    title: 'Secret passed through ENV or ARG',
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-538'],
    owasp: [A05],
    message: 'A secret-like variable is set with ENV or ARG; its value is stored in the image metadata and layer history.',
    impact: 'Anyone who can pull the image can read the value with `docker history` or `docker inspect`.',
    fix: {
      guidance: 'Use BuildKit secret mounts at build time and runtime secrets (orchestrator, env injected at start) instead.',
      example: 'RUN --mount=type=secret,id=npm_token NPM_TOKEN=$(cat /run/secrets/npm_token) npm ci',
    },
    references: [cwe(538, 'Insertion of Sensitive Information into Externally-Accessible File'), { title: 'Docker: Build secrets', url: 'https://docs.docker.com/build/building/secrets/' }],
  },
  dockerAddUrl: {
    id: 'config.docker.add-remote-url',
    title: 'ADD downloads a remote file without verification',
    severity: 'low',
    confidence: 'high',
    cwe: ['CWE-494'],
    owasp: [A08],
    message: 'ADD fetches a URL at build time without checking its integrity.',
    impact: 'A compromised or hijacked download ends up in the image unnoticed.',
    fix: { guidance: 'Download with a pinned checksum (ADD --checksum or curl + sha256sum -c).', example: 'ADD --checksum=sha256:<hash> https://example.com/tool.tgz /tmp/' },
    references: [cwe(494, 'Download of Code Without Integrity Check'), DOCKER_PRACTICES],
  },
  dockerAptUnpinned: {
    id: 'config.docker.apt-unpinned',
    title: 'OS packages installed without version pins',
    severity: 'info',
    confidence: 'medium',
    cwe: ['CWE-1104'],
    owasp: [A06],
    message: 'apt-get/apk install without versions makes image contents depend on the build date.',
    impact: 'Two builds of the same commit can ship different package versions, which hampers audits and rollbacks.',
    fix: { guidance: 'Pin versions of security-relevant packages, or rebuild from a pinned base image digest.', example: 'RUN apt-get install -y --no-install-recommends curl=7.88.1-10+deb12u5' },
    references: [DOCKER_PRACTICES],
  },
  dockerDevServer: {
    id: 'config.docker.dev-server',
    title: 'Container starts a development server',
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-489'],
    owasp: [A05],
    message: 'The image runs a framework development server (manage.py runserver, flask run, npm run dev...).',
    impact: 'Development servers are not hardened for production traffic and often enable debug features.',
    fix: { guidance: 'Run a production server (gunicorn, uvicorn, node on the built output) in the image.', example: 'CMD ["gunicorn", "--bind", "0.0.0.0:8000", "ledger.wsgi"]' },
    references: [cwe(489, 'Active Debug Code'), { title: 'Django: runserver is not for production', url: 'https://docs.djangoproject.com/en/stable/ref/django-admin/#runserver' }],
  },
  ghaUnpinnedAction: {
    id: 'config.gha.unpinned-action',
    title: 'Third-party GitHub Action not pinned to a commit SHA',
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-829'],
    owasp: [A08],
    message: 'A third-party action is referenced by tag or branch, which its owner (or an attacker holding it) can move.',
    impact: 'A moved tag runs new code in CI with the workflow token and secrets (as in the tj-actions/changed-files compromise).',
    fix: { guidance: 'Pin third-party actions to a full 40-character commit SHA and let Dependabot update it.', example: 'uses: some-org/some-action@3f1e2d4c5b6a79880716253443526170819a2b3c # v2.1.0' },
    references: [cwe(829, 'Inclusion of Functionality from Untrusted Control Sphere'), GHA_HARDENING],
  },
  ghaWriteAll: {
    id: 'config.gha.permissions-write-all',
    title: 'Workflow token has write access to everything',
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-250'],
    owasp: [A05],
    message: 'permissions: write-all gives the GITHUB_TOKEN write access to code, packages, releases and more.',
    impact: 'Any compromised step (dependency, action, injected script) can push code or publish releases.',
    fix: { guidance: 'Grant the minimum: read by default, write only for the scopes a job needs.', example: 'permissions:\n  contents: read\n  pull-requests: write' },
    references: [cwe(250, 'Execution with Unnecessary Privileges'), GHA_HARDENING],
  },
  ghaWorkflowRunCheckout: {
    id: 'config.gha.workflow-run-untrusted-checkout',
    title: 'workflow_run workflow checks out untrusted code',
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-829'],
    owasp: [A08],
    message: 'A workflow triggered by workflow_run checks out the head of the triggering (possibly fork) run and has repository secrets.',
    impact: 'A pull request from a fork can execute its code with the privileged token and secrets of the base repository.',
    fix: {
      guidance: 'Treat artifacts and code of the triggering run as untrusted data: never build or execute them in the privileged workflow.',
      example: 'on:\n  workflow_run: ...\njobs:\n  comment:\n    steps:\n      - uses: actions/download-artifact@<sha>   # read results only',
    },
    references: [cwe(829, 'Inclusion of Functionality from Untrusted Control Sphere'), { title: 'GitHub Security Lab: Preventing pwn requests', url: 'https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/' }],
  },
  gitlabImageLatest: {
    id: 'config.gitlab.unpinned-image',
    title: 'GitLab CI image not pinned',
    severity: 'low',
    confidence: 'high',
    cwe: ['CWE-1104'],
    owasp: [A06],
    message: 'A CI job image uses :latest or no tag.',
    impact: 'The pipeline runs whatever the image owner last pushed, with the job\'s credentials.',
    fix: { guidance: 'Pin the image to a version tag or digest.', example: 'image: python:3.12.4-slim' },
    references: [cwe(1104, 'Use of Unmaintained Third Party Components')],
  },
  gitlabRemoteInclude: {
    id: 'config.gitlab.remote-include',
    title: 'GitLab CI includes a remote configuration by URL',
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-829'],
    owasp: [A08],
    message: 'include: remote pulls pipeline definitions from a URL that is not version-controlled with the project.',
    impact: 'Whoever controls that URL controls the pipeline and its secrets.',
    fix: { guidance: 'Include templates from a project with a pinned ref, or vendor them into the repository.', example: "include:\n  - project: 'org/ci-templates'\n    ref: 'v1.4.2'\n    file: '/build.yml'" },
    references: [cwe(829, 'Inclusion of Functionality from Untrusted Control Sphere'), { title: 'GitLab CI include', url: 'https://docs.gitlab.com/ci/yaml/#include' }],
  },
  ciSecretVariable: {
    id: 'config.ci.secret-in-variables',
    title: 'Secret written into CI configuration',
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-798'],
    owasp: [A07],
    message: 'A secret-like CI variable has a literal value in the pipeline file instead of a protected CI/CD variable.',
    impact: 'Everyone with read access to the repository (and its history) has the credential.',
    fix: { guidance: 'Move the value to masked, protected CI/CD variables and rotate it.', example: 'variables:\n  DEPLOY_TOKEN: $DEPLOY_TOKEN   # defined in Settings > CI/CD > Variables' },
    references: [cwe(798, 'Use of Hard-coded Credentials')],
  },
  djangoAllowedHosts: {
    id: 'config.django.allowed-hosts-wildcard',
    title: "Django ALLOWED_HOSTS accepts any host ('*')",
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-20'],
    owasp: [A05],
    message: "ALLOWED_HOSTS contains '*', which disables Django's Host header validation.",
    impact: 'Host header poisoning: password-reset links and absolute URLs can point to an attacker domain.',
    fix: { guidance: 'List the real domains, from the environment.', example: "ALLOWED_HOSTS = os.environ['ALLOWED_HOSTS'].split(',')" },
    references: [cwe(20, 'Improper Input Validation'), DJANGO_DEPLOY],
  },
  djangoCorsAll: {
    id: 'config.django.cors-allow-all',
    title: 'django-cors-headers allows every origin',
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-942'],
    owasp: [A05],
    message: 'CORS_ALLOW_ALL_ORIGINS (or CORS_ORIGIN_ALLOW_ALL) is True.',
    impact: 'Any website can call the API from a visitor\'s browser; with credentials allowed it can act as the visitor.',
    fix: { guidance: 'List trusted origins explicitly.', example: "CORS_ALLOWED_ORIGINS = ['https://app.example.com']" },
    references: [cwe(942, 'Permissive Cross-domain Policy with Untrusted Domains'), { title: 'django-cors-headers', url: 'https://github.com/adamchainz/django-cors-headers' }],
  },
  envDebug: {
    id: 'config.env.debug-enabled',
    title: 'Debug mode enabled in a committed environment file',
    severity: 'low',
    confidence: 'medium',
    cwe: ['CWE-489'],
    owasp: [A05],
    message: 'An environment file in the repository turns framework debug mode on (FLASK_DEBUG, DJANGO_DEBUG, DEBUG, NODE_ENV=development...).',
    impact: 'If this file reaches a server, debug pages leak internals and the Werkzeug debugger allows code execution.',
    fix: { guidance: 'Keep debug settings out of committed env files, or commit only an example with safe defaults.', example: '# .env.example\nFLASK_DEBUG=0' },
    references: [cwe(489, 'Active Debug Code')],
  },
  springDebug: {
    id: 'config.spring.debug-enabled',
    title: 'Spring Boot debug or stack traces enabled',
    severity: 'low',
    confidence: 'high',
    cwe: ['CWE-489'],
    owasp: [A05],
    message: 'debug=true, trace=true or server.error.include-stacktrace=always is set in the application configuration.',
    impact: 'Error responses and logs reveal internals that help an attacker.',
    fix: { guidance: 'Keep these off in the default profile; enable them only in a local profile.', example: 'server.error.include-stacktrace=never' },
    references: [cwe(489, 'Active Debug Code'), cwe(209, 'Generation of Error Message Containing Sensitive Information')],
  },
  springActuator: {
    id: 'config.spring.actuator-exposed',
    title: 'All Spring Boot actuator endpoints exposed',
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-200'],
    owasp: [A05],
    message: "management.endpoints.web.exposure.include is '*', exposing env, heapdump, configprops and more over HTTP.",
    impact: '/actuator/env and /actuator/heapdump leak credentials and session data; some endpoints change runtime state.',
    fix: { guidance: 'Expose only health and info over HTTP, and protect the rest with authentication.', example: 'management.endpoints.web.exposure.include=health,info' },
    references: [cwe(200, 'Exposure of Sensitive Information to an Unauthorized Actor'), SPRING_ACTUATOR],
  },
  springH2Console: {
    id: 'config.spring.h2-console-enabled',
    title: 'H2 database web console enabled',
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-489'],
    owasp: [A05],
    message: 'spring.h2.console.enabled=true exposes a database console that can run arbitrary SQL and, through it, code.',
    impact: 'Anyone reaching /h2-console can read or change all data and may execute code on the server.',
    fix: { guidance: 'Disable the console outside local development profiles.', example: 'spring.h2.console.enabled=false' },
    references: [cwe(489, 'Active Debug Code')],
  },
  springCookie: {
    id: 'config.spring.session-cookie-insecure',
    title: 'Spring session cookie without Secure or HttpOnly',
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-614', 'CWE-1004'],
    owasp: [A02],
    message: 'server.servlet.session.cookie.secure or .http-only is set to false.',
    impact: 'The session cookie can travel over plain HTTP or be read by injected scripts.',
    fix: { guidance: 'Set both to true.', example: 'server.servlet.session.cookie.secure=true\nserver.servlet.session.cookie.http-only=true' },
    references: [cwe(614, "Sensitive Cookie in HTTPS Session Without 'Secure' Attribute"), cwe(1004, "Sensitive Cookie Without 'HttpOnly' Flag")],
  },
} satisfies Record<string, ConfigRule>;
