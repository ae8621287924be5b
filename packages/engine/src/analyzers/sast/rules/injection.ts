// Injection pack, pattern level: dynamic code evaluation, shell commands and MongoDB $where code built from
// non-constant strings.
// (Data-flow injection from request sources to sinks is the taint engine's job; Java has no taint in the beta,
// so Java SQL/command rules look for concatenation directly.)
import type { SgNode } from '@ast-grep/napi';
import { callArgs, enclosingScope, isConstant, kwarg, objectProp, positionalArgs } from '../patterns/nodes';
import { javaConcatenated, javaRequestDerived } from './java-helpers';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, javaNew, jsCall, jsNew, owaspRef, pyCall } from './meta';

const firstNonConstant = (n: SgNode) => {
  const first = positionalArgs(n)[0];
  return first !== undefined && !isConstant(first);
};
const cmdRefs = [cweRef(78, 'OS Command Injection'), owaspRef('A03'), cheatSheet('OS_Command_Injection_Defense')];
const evalRefs = [cweRef(95, 'Eval Injection'), owaspRef('A03'), cheatSheet('Injection_Prevention')];
const sqlRefs = [cweRef(89, 'SQL Injection'), owaspRef('A03'), cheatSheet('SQL_Injection_Prevention')];
const nosqlRefs = [cweRef(943, 'Improper Neutralization of Special Elements in Data Query Logic'), owaspRef('A03'), cheatSheet('Injection_Prevention')];

const NUMERIC_CALL = /^(Number|parseInt|parseFloat|Number\.parseInt|Number\.parseFloat|Math\.\w+)$/;
/** Operands of a `+` chain or template literal (the substitutions), through parentheses. */
function codeParts(n: SgNode): SgNode[] {
  const kind = n.kind() as string;
  if (kind === 'parenthesized_expression') return n.namedChildren().flatMap(codeParts);
  if (kind === 'binary_expression' && n.field('operator')?.text() === '+') return [n.field('left'), n.field('right')].flatMap((x) => (x ? codeParts(x) : []));
  if (kind === 'template_string') return n.namedChildren().filter((c) => c.kind() as string === 'template_substitution').flatMap((c) => c.namedChildren().flatMap(codeParts));
  return [n];
}
/** JavaScript source built from values other than constants and numbers (Number(x) cannot break out of the code). */
function builtCode(n: SgNode | null | undefined): boolean {
  if (!n || !/^(template_string|binary_expression)$/.test(n.kind() as string)) return false;
  return codeParts(n).some((p) => !isConstant(p) && !(p.kind() as string === 'call_expression' && NUMERIC_CALL.test(p.field('function')?.text() ?? '')));
}

/** A string literal that starts like SQL, somewhere in the method (keeps generic names like update() honest). */
const SQL_TEXT = /"\s*(select|insert|update|delete|merge|with|call|exec|create|drop|alter)\b/i;
const SUBPROCESS = 'subprocess\\.(run|call|check_call|check_output|Popen)';

export const injectionRules = defineRules([
  {
    id: 'py.injection.shell-dynamic-command',
    taintSink: true,
    title: 'Shell command built from a non-constant string',
    pack: 'injection',
    languages: ['python'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-78'],
    owasp: [OWASP.A03],
    message: 'A command string that is not a constant is run through the shell (shell=True, os.system, os.popen).',
    impact: 'If any part of the string comes from a user, they can run arbitrary commands on the server.',
    fix: { guidance: 'Pass an argument list without shell=True; never build shell strings from input.', example: "subprocess.run(['convert', src, dst], check=True)" },
    references: cmdRefs,
    tree: {
      python: [
        pyCall(['shell'], SUBPROCESS, (n) => kwarg(n, 'shell')?.text() === 'True' && firstNonConstant(n)),
        pyCall(['os.system', 'os.popen', 'getoutput', 'getstatusoutput'], 'os\\.(system|popen)|(subprocess|commands)\\.(getoutput|getstatusoutput)', firstNonConstant),
      ],
    },
  },
  {
    id: 'py.injection.eval-dynamic',
    taintSink: true,
    title: 'eval/exec of a non-constant string',
    pack: 'injection',
    languages: ['python'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-95'],
    owasp: [OWASP.A03],
    message: 'eval() or exec() runs a string that is not a constant.',
    impact: 'Code injection: whoever controls the string controls the process.',
    fix: { guidance: 'Parse data with json or ast.literal_eval; dispatch on an allow-list instead of evaluating code.', example: 'value = ast.literal_eval(text)' },
    references: evalRefs,
    tree: { python: [pyCall(['eval', 'exec'], 'eval|exec', firstNonConstant)] },
  },
  {
    id: 'js.injection.eval-dynamic',
    taintSink: true,
    title: 'eval/Function of a non-constant string',
    pack: 'injection',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-95'],
    owasp: [OWASP.A03],
    message: 'eval(), new Function() or a string timer runs code built from a non-constant string.',
    impact: 'Code injection: whoever controls the string runs code in the server process or the user\'s browser.',
    fix: { guidance: 'Use JSON.parse for data and plain functions for behaviour; never evaluate strings.', example: 'const data = JSON.parse(text);' },
    references: evalRefs,
    tree: {
      js: [
        jsCall(['eval'], '(window\\.|globalThis\\.)?eval', firstNonConstant),
        jsNew(['Function'], 'Function', (n) => callArgs(n).some((a) => !isConstant(a))),
        jsCall(['Function('], 'Function', (n) => callArgs(n).some((a) => !isConstant(a))),
        jsCall(['setTimeout', 'setInterval'], '(window\\.)?(setTimeout|setInterval)', (n) => {
          const first = positionalArgs(n)[0];
          return !!first && /^(template_string|binary_expression)$/.test(first.kind() as string) && !isConstant(first);
        }),
      ],
    },
  },
  {
    id: 'js.injection.shell-dynamic-command',
    taintSink: true,
    title: 'Shell command built from a non-constant string',
    pack: 'injection',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-78'],
    owasp: [OWASP.A03],
    message: 'child_process exec/execSync (or spawn with shell: true) runs a command string that is not a constant.',
    impact: 'If any part of the string comes from a user, they can run arbitrary commands on the server.',
    fix: { guidance: 'Use execFile/spawn with an argument array and no shell.', example: "execFile('git', ['log', '--oneline', branch], cb);" },
    references: cmdRefs,
    tree: {
      js: [
        jsCall(['child_process', 'execa', 'shelljs'], '(child_process\\.|cp\\.|childProcess\\.)?(exec|execSync)|shell\\.exec', firstNonConstant),
        jsCall(['shell'], '(child_process\\.|cp\\.|childProcess\\.)?(spawn|spawnSync|execFile|execFileSync)', (n) => {
          const opts = callArgs(n).find((a) => a.kind() as string === 'object');
          return objectProp(opts, 'shell')?.text() === 'true' && firstNonConstant(n);
        }),
      ],
    },
  },
  {
    id: 'js.injection.nosql-where-dynamic',
    taintSink: true,
    title: 'MongoDB $where code built from non-constant strings',
    pack: 'injection',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-943'],
    owasp: [OWASP.A03],
    message: 'A $where clause, JavaScript that MongoDB runs for every document, is built by concatenating or interpolating values.',
    impact: 'Whoever controls a value can change the condition (\' || \'1\'==\'1 returns every document) or run a loop that blocks the database.',
    fix: { guidance: 'Replace $where with query operators or $expr and pass values as data; if a number is meant, convert it with Number().', example: "orders.find({ orderId: { $eq: String(id) } })" },
    references: nosqlRefs,
    tree: {
      js: [
        { keywords: ['$where'], rule: { kind: 'pair', has: { field: 'key', regex: '^[\'"]?\\$where[\'"]?$' } }, where: (n) => builtCode(n.field('value')) },
        jsCall(['$where'], '.+\\.\\$where', (n) => builtCode(positionalArgs(n)[0])),
      ],
    },
  },
  {
    id: 'java.injection.sql-concatenation',
    title: 'SQL query built by string concatenation',
    pack: 'injection',
    languages: ['java'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-89'],
    owasp: [OWASP.A03],
    message: 'A SQL statement is built by concatenating or formatting non-constant values and then executed.',
    impact: 'SQL injection: an attacker who controls a value can read, change or delete data in the database.',
    fix: { guidance: 'Use PreparedStatement placeholders and bind every value.', example: 'PreparedStatement ps = conn.prepareStatement("SELECT * FROM users WHERE id = ?"); ps.setString(1, id);' },
    references: sqlRefs,
    tree: {
      java: [
        javaCall(
          ['execute', 'prepare', 'Query', 'addBatch', 'query', 'update'],
          'executeQuery|executeUpdate|executeLargeUpdate|execute|prepareStatement|prepareCall|addBatch|createQuery|createNativeQuery|createSQLQuery|queryForList|queryForObject|queryForMap|queryForRowSet|query|update|batchUpdate',
          (n) => javaConcatenated(positionalArgs(n)[0]) && SQL_TEXT.test(enclosingScope(n).text()),
        ),
      ],
    },
  },
  {
    id: 'java.injection.command-concatenation',
    title: 'OS command built from concatenation or request data',
    pack: 'injection',
    languages: ['java'],
    severity: 'high',
    confidence: 'medium',
    cwe: ['CWE-78'],
    owasp: [OWASP.A03],
    message: 'Runtime.exec or ProcessBuilder runs a command built from non-constant strings or request data.',
    impact: 'Command injection: an attacker can run arbitrary programs with the application\'s rights.',
    fix: { guidance: 'Pass a fixed program and a separate argument array; validate arguments against an allow-list.', example: 'new ProcessBuilder("convert", inputPath, outputPath).start();' },
    references: cmdRefs,
    tree: {
      java: [
        javaCall(['exec'], 'exec', (n) => positionalArgs(n).some((a) => javaConcatenated(a) || javaRequestDerived(a) || (a.kind() as string === 'array_creation_expression' && a.findAll({ rule: { kind: 'binary_expression' } }).some((b) => javaConcatenated(b))))),
        javaNew(['ProcessBuilder'], 'ProcessBuilder', (n) => positionalArgs(n).some((a) => javaConcatenated(a) || javaRequestDerived(a))),
      ],
    },
  },
]);
