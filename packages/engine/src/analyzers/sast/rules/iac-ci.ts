// IaC/CI pack over text (no tree): Terraform public buckets and open ingress, Kubernetes/compose privileged
// containers, GitHub Actions script injection and untrusted checkouts in pull_request_target workflows.
import { scanLines } from '../patterns/text-scan';
import type { TextHit } from '../patterns/types';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef } from './meta';

const TF = /\.tf$/;
const YAML = /\.ya?ml$/;
const WORKFLOW = /(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/;

const indent = (l: string) => /^\s*(- )?/.exec(l)?.[0].length ?? 0;

/** Text of the enclosing HCL block (from its opening line to the matching brace) for line i. */
function hclBlock(lines: string[], i: number): { header: string; body: string } {
  let depth = 0;
  for (let j = i; j >= 0; j--) {
    const l = lines[j] ?? '';
    depth += (l.match(/\}/g) ?? []).length - (l.match(/\{/g) ?? []).length;
    if (depth < 0) {
      let end = i;
      let d = 0;
      for (let k = j; k < lines.length; k++) {
        d += ((lines[k] ?? '').match(/\{/g) ?? []).length - ((lines[k] ?? '').match(/\}/g) ?? []).length;
        if (d <= 0) {
          end = k;
          break;
        }
      }
      return { header: l, body: lines.slice(j, end + 1).join('\n') };
    }
  }
  return { header: '', body: '' };
}

const WEB_PORTS = /from_port\s*=\s*(80|443)\b[\s\S]*to_port\s*=\s*(80|443)\b/;
function openIngress(text: string): TextHit[] {
  return scanLines(text, (l, i, lines) => {
    if (!/(cidr_blocks|cidr_ipv4|cidr_ipv6|ipv6_cidr_blocks|cidr_block)\s*=.*"(0\.0\.0\.0\/0|::\/0)"/.test(l)) return false;
    const { header, body } = hclBlock(lines, i);
    const ingress = /^\s*ingress\b/.test(header) || /type\s*=\s*"ingress"/.test(body) || /aws_vpc_security_group_ingress_rule/.test(header);
    return ingress && !WEB_PORTS.test(body);
  });
}

/** GitHub expressions an outside contributor controls. */
// (`pull_request.base.ref` / `.base.label` name the target repository's own branch: the PR author picks one of the
// maintainers' branches, not its name)
const UNTRUSTED_EXPR = /\$\{\{\s*(github\.event\.(?!pull_request\.base\.(ref|label)\s*\}\})(issue|pull_request|comment|review|review_comment|discussion|discussion_comment|pages|head_commit|commits|workflow_run)[\w.*[\]'"-]*\.(title|body|message|name|email|label|ref|head_ref|default_branch|page_name)|github\.head_ref)\s*\}\}/;

/** The line is inside a `run:` (or github-script `script:`) value. */
function inScriptBlock(lines: string[], i: number): boolean {
  const line = lines[i] ?? '';
  if (/^\s*(- )?(run|script)\s*:/.test(line)) return true;
  const own = indent(line);
  for (let j = i - 1; j >= 0; j--) {
    const l = lines[j] ?? '';
    if (!l.trim()) continue;
    if (indent(l) < own) return /^\s*(- )?(run|script)\s*:\s*[|>]/.test(l);
  }
  return false;
}

const privRefs = [cweRef(250, 'Execution with Unnecessary Privileges'), owaspRef('A05'), cheatSheet('Kubernetes_Security')];

export const iacRules = defineRules([
  {
    id: 'terraform.iac.s3-public-acl',
    title: 'S3 bucket with a public ACL',
    pack: 'iac-ci',
    languages: ['terraform'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-732'],
    owasp: [OWASP.A01, OWASP.A05],
    message: 'An S3 bucket (or object) ACL grants public read or write access.',
    impact: 'Anyone on the internet can list and download (or overwrite) the stored data.',
    fix: { guidance: 'Use acl = "private" and an aws_s3_bucket_public_access_block with all four settings true.', example: 'acl = "private"' },
    references: [cweRef(732, 'Incorrect Permission Assignment for Critical Resource'), owaspRef('A01')],
    text: { files: TF, keywords: ['public-read', 'authenticated-read'], scan: (text) => scanLines(text, (l) => /^\s*acl\s*=\s*"(public-read|public-read-write|authenticated-read)"/.test(l)) },
  },
  {
    id: 'terraform.iac.open-ingress',
    title: 'Security group open to the whole internet',
    pack: 'iac-ci',
    languages: ['terraform'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-284'],
    owasp: [OWASP.A01, OWASP.A05],
    message: 'An ingress rule allows 0.0.0.0/0 (or ::/0) on ports other than HTTP/HTTPS.',
    impact: 'Admin and database ports reachable from anywhere invite brute force and exploitation.',
    fix: { guidance: 'Restrict cidr_blocks to known ranges (VPN, bastion, load balancer security group).', example: 'cidr_blocks = ["10.20.0.0/16"]' },
    references: [cweRef(284, 'Improper Access Control'), owaspRef('A01')],
    text: { files: TF, keywords: ['0.0.0.0/0', '::/0'], scan: openIngress },
  },
  {
    id: 'k8s.iac.privileged-container',
    title: 'Privileged container or host namespace',
    pack: 'iac-ci',
    languages: ['yaml'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-250'],
    owasp: [OWASP.A05],
    message: 'A container runs privileged or shares the host network/PID/IPC namespace.',
    impact: 'A compromise of the container becomes a compromise of the node and its other workloads.',
    fix: { guidance: 'Remove privileged/host* settings; grant only the specific capabilities needed.', example: 'securityContext:\n  privileged: false\n  capabilities: { drop: ["ALL"] }' },
    references: privRefs,
    text: { files: YAML, keywords: ['privileged', 'hostPID', 'hostIPC', 'hostNetwork'], scan: (text) => scanLines(text, (l) => /^\s*(- )?(privileged|hostPID|hostIPC|hostNetwork)\s*:\s*["']?true["']?\s*(#.*)?$/.test(l)) },
  },
  {
    id: 'k8s.iac.run-as-root',
    title: 'Container configured to run as root',
    pack: 'iac-ci',
    languages: ['yaml'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-250'],
    owasp: [OWASP.A05],
    message: 'A securityContext sets runAsUser: 0 or runAsNonRoot: false.',
    impact: 'Any code execution in the container runs as root, making container escapes far easier.',
    fix: { guidance: 'Run as a non-root user and enforce it.', example: 'securityContext:\n  runAsNonRoot: true\n  runAsUser: 10001' },
    references: privRefs,
    text: { files: YAML, keywords: ['runAsUser', 'runAsNonRoot'], scan: (text) => scanLines(text, (l) => /^\s*(- )?(runAsUser\s*:\s*["']?0["']?|runAsNonRoot\s*:\s*["']?false["']?)\s*(#.*)?$/.test(l)) },
  },
  {
    id: 'k8s.iac.privilege-escalation-allowed',
    title: 'Container allows privilege escalation',
    pack: 'iac-ci',
    languages: ['yaml'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-250'],
    owasp: [OWASP.A05],
    message: 'allowPrivilegeEscalation is explicitly true.',
    impact: 'Processes can gain more privileges than their parent (setuid binaries), widening any compromise.',
    fix: { guidance: 'Set allowPrivilegeEscalation: false.', example: 'securityContext:\n  allowPrivilegeEscalation: false' },
    references: privRefs,
    text: { files: YAML, keywords: ['allowPrivilegeEscalation'], scan: (text) => scanLines(text, (l) => /^\s*(- )?allowPrivilegeEscalation\s*:\s*["']?true["']?\s*(#.*)?$/.test(l)) },
  },
  {
    id: 'gha.ci.script-injection',
    evidence: 'input',
    title: 'GitHub Actions script injection from event data',
    pack: 'iac-ci',
    languages: ['yaml'],
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-78'],
    owasp: [OWASP.A03],
    message: 'A run/script step interpolates attacker-controlled event text (issue or PR title/body, branch name) with ${{ }}.',
    impact: 'Anyone who can open an issue or PR can run commands in CI, with access to its secrets and token.',
    fix: { guidance: 'Pass the value through an environment variable and quote it in the script.', example: 'env:\n  TITLE: ${{ github.event.issue.title }}\nrun: echo "$TITLE"' },
    references: [cweRef(78, 'OS Command Injection'), owaspRef('A03'), { title: 'GitHub: Security hardening for GitHub Actions', url: 'https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions' }],
    text: { files: WORKFLOW, keywords: ['${{'], scan: (text) => scanLines(text, (l, i, lines) => UNTRUSTED_EXPR.test(l) && inScriptBlock(lines, i)) },
  },
  {
    id: 'gha.ci.pull-request-target-checkout',
    evidence: 'input',
    title: 'pull_request_target workflow checks out untrusted code',
    pack: 'iac-ci',
    languages: ['yaml'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-829'],
    owasp: [OWASP.A08],
    message: 'A pull_request_target workflow checks out the pull request head, then runs with repository secrets.',
    impact: 'A fork PR can run its own build scripts with write token and secrets ("pwn request").',
    fix: { guidance: 'Use pull_request for building untrusted code, or never execute the checked-out PR code in this job.', example: 'on: pull_request' },
    references: [cweRef(829, 'Inclusion of Functionality from Untrusted Control Sphere'), owaspRef('A08'), { title: 'GitHub Security Lab: Preventing pwn requests', url: 'https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/' }],
    text: {
      files: WORKFLOW,
      keywords: ['pull_request_target'],
      scan: (text) => scanLines(text, (l) => /^\s*(- )?ref\s*:\s*\$\{\{\s*(github\.event\.pull_request\.head\.(sha|ref)|github\.head_ref)\s*\}\}/.test(l)),
    },
  },
]);
