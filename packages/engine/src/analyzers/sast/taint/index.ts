// Taint analysis entry: lower every Python and JS/TS file into the IR, interpret each module (functions as
// entry points, project calls in context, imports across files when enabled) and turn sink hits into findings.
import { fingerprint } from '../../../fingerprint';
import { finishPass, type PassSteps } from '../../../pass-steps';
import type { AnalyzerContext, Finding, SourceFile } from '../../../types';
import type { PackId } from '../rule-types';
import type { ModuleIR } from './ir';
import { Interpreter, type RawFinding } from './interpret';
import { parseSource } from '../../../parse/languages';
import { inlineScriptText } from '../templates/inline-scripts';
import { TEMPLATE_FILES } from '../templates/unescaped-output';
import { lowerJs } from './lower-js';
import { lowerPython } from './lower-python';
import type { LanguageModel } from './model';
import { linkDjangoViews } from './models/django-urlconf';
import { jsModel } from './models/js';
import { sanitizesNoSqlGlobally, usesMongoQueries } from './models/js-nosql';
import { pythonModel } from './models/python';
import { Program, jsModuleName, pythonModuleName, pythonModuleNamer } from './program';
import { readPathAliases } from './ts-paths';
import { KIND_META, TAINT_RULES, taintRuleId } from './rules';
import { LOCAL_INPUT_NOTE, LONG_FLOW_NOTE, MATCHED_NOTE, SCOPED_NOTE, SWITCHABLE_NOTE, UNPROVEN_NOTE, flowSeverity } from './severity-policy';

export { TAINT_RULES } from './rules';

export interface TaintOptions {
  packs: ReadonlySet<PackId>;
  crossFile: boolean;
}

const RULES_BY_ID = new Map(TAINT_RULES.map((r) => [r.id, r]));

function lower(ctx: AnalyzerContext, file: SourceFile): ModuleIR | null {
  const lang = file.language;
  if (lang !== 'python' && lang !== 'javascript' && lang !== 'typescript' && lang !== 'tsx') return null;
  const tree = ctx.parse(file);
  if (!tree) return null;
  try {
    if (lang === 'python') return lowerPython(tree.root(), file.path, pythonModuleName(file.path));
    return lowerJs(tree.root(), file.path, jsModuleName(file.path), lang === 'javascript' ? 'javascript' : 'typescript');
  } catch (e) {
    ctx.log(`taint: could not lower ${file.path}: ${String(e)}`);
    return null;
  }
}

/** Text hints of a source in a file; files without one cannot start a flow and are lowered only on import. */
const PY_SOURCE_HINT = /\b(request|req)\b|HTTPRequestHandler\b|\(\s*event\s*,\s*_?(context|ctx)\b|def\s+(mutate|resolve_\w+)\s*\(|@strawberry\.|self\.kwargs\b|sys\.argv|\binput\(|environ|getenv|@[\w.]+\.(route|get|post|put|patch|delete|api_route|websocket|head|options)\(/;
// (a NestJS parameter carries its decorator: `@Req() req: Request`)
const JS_SOURCE_HINT = /[(,]\s*(@\w+\(\)\s*)?(req|request|ctx)\s*[:,)=]|[(,]\s*@(Query|Body|Param|Headers|Req|Request|Cookies|Ip|HostParam|UploadedFiles?)\(|\(\s*event\s*,\s*_?(context|ctx)\b|,\s*args\s*,\s*(context|ctx|contextValue)\b|process\.(argv|env)|\blocation\.(hash|search|href|pathname)|document\.(URL|documentURI|referrer|baseURI)/;

/** DOM sources an inline script may read (the page's own URL, the referrer). */
const DOM_SOURCE_HINT = /\blocation\.(hash|search|href)|document\.(URL|documentURI|referrer|baseURI)|\bwindow\.name\b/;

/** A page's inline scripts lowered as one JavaScript module named after the page (its lines are the page's). */
function lowerInlineScripts(ctx: AnalyzerContext, file: SourceFile): ModuleIR | null {
  try {
    const tree = parseSource('javascript', inlineScriptText(file.text()));
    return lowerJs(tree.root(), file.path, `${jsModuleName(file.path)}#inline`, 'javascript');
  } catch (e) {
    ctx.log(`taint: could not lower the inline scripts of ${file.path}: ${String(e)}`);
    return null;
  }
}

export function runTaint(ctx: AnalyzerContext, opts: TaintOptions): Finding[] {
  return finishPass(taintSteps(ctx, opts));
}

/** The pass, yielding after each file it lowers up front and each module it analyzes (pass-steps.ts). */
export function* taintSteps(ctx: AnalyzerContext, opts: TaintOptions): PassSteps<Finding[]> {
  const texts = new Map<string, SourceFile>();
  const jsTexts = () => [...texts.values()].filter((f) => f.language !== 'python').map((f) => f.text());
  const program = new Program(opts.crossFile, jsTexts);
  const sourceRootName = pythonModuleNamer(ctx.files.map((f) => f.path));
  if (opts.crossFile) program.aliases = readPathAliases(ctx.files);
  const entries: ModuleIR[] = [];
  // pages and templates whose inline scripts were lowered (front-end code written inside a page: a DOM source read
  // there, location.hash into innerHTML, is the same flow as in a script file)
  const pages = new Map<string, SourceFile>();
  for (const [index, file] of ctx.files.entries()) {
    if (file.isTest) continue; // test code is not reachable from a request
    const lang = file.language;
    const isPy = lang === 'python';
    if (TEMPLATE_FILES.test(file.path) && DOM_SOURCE_HINT.test(file.text()) && /<script\b/i.test(file.text())) {
      const ir = lowerInlineScripts(ctx, file);
      if (ir) {
        pages.set(file.path, file);
        entries.push(ir);
      }
      yield index;
      continue;
    }
    if (!isPy && lang !== 'javascript' && lang !== 'typescript' && lang !== 'tsx') continue;
    texts.set(file.path, file);
    const hint = isPy ? PY_SOURCE_HINT : JS_SOURCE_HINT;
    if (hint.test(file.text())) {
      const ir = lower(ctx, file);
      if (ir) entries.push(ir);
      yield index;
    } else if (opts.crossFile) {
      program.addLazy(isPy ? pythonModuleName(file.path) : jsModuleName(file.path), () => lower(ctx, file));
    }
  }
  for (const ir of entries) program.add(ir);
  // after every real name is known, so a module named from the scan root always wins over an alias
  if (opts.crossFile) for (const f of texts.values()) if (f.language === 'python') for (const alias of sourceRootName(f.path)) program.addAlias(alias, pythonModuleName(f.path));
  linkDjangoViews(program, entries);
  const interpreters: Record<'python' | 'js', Interpreter> = {
    python: new Interpreter(program, pythonModel),
    js: new Interpreter(program, jsModel as LanguageModel),
  };
  for (const ir of entries) {
    const pm = program.byFile.get(ir.file);
    if (!pm) continue;
    const interp = pm.ir.language === 'python' ? interpreters.python : interpreters.js;
    try {
      interp.analyzeModule(pm);
    } catch (e) {
      ctx.log(`taint: analysis failed in ${pm.ir.file}: ${String(e)}`);
    }
    // modules imported by this one were lowered (parsed) on demand
    yield;
  }
  const out: Finding[] = [];
  // app-wide NoSQL sanitizing middleware is set up away from the queries (js-nosql.ts)
  // and operator injection needs a store that reads operators: no Mongo-style library in the project, no sink
  const noSqlHits = [...interpreters.js.findings.values()].some((r) => r.hit.kind === 'nosql' || r.hit.kind === 'nosql-code');
  const noMongo = noSqlHits && !usesMongoQueries(jsTexts());
  const noSqlSanitized = noSqlHits && sanitizesNoSqlGlobally(jsTexts());
  const csrf = csrfProtection([...texts.values()]);
  for (const [lang, interp] of Object.entries(interpreters) as ['python' | 'js', Interpreter][]) {
    for (const raw of interp.findings.values()) {
      if (noSqlSanitized && raw.hit.kind === 'nosql') continue;
      if (noMongo && (raw.hit.kind === 'nosql' || raw.hit.kind === 'nosql-code')) continue;
      const f = toFinding(raw, lang === 'python' ? 'py' : 'js', texts.get(raw.file) ?? pages.get(raw.file), csrf[lang]);
      if (f && opts.packs.has(f.pack as PackId)) out.push(f);
    }
  }
  return out.sort((a, b) => a.location.file.localeCompare(b.location.file) || a.location.startLine - b.location.startLine);
}

/** App-wide CSRF protection: Flask-WTF's CSRFProtect, Django's CSRF middleware, csurf/csrf-csrf/lusca in Node. */
function csrfProtection(files: SourceFile[]): Record<'python' | 'js', boolean> {
  const out = { python: false, js: false };
  for (const f of files) {
    const py = f.language === 'python';
    if (out[py ? 'python' : 'js']) continue;
    const text = f.text();
    if (py ? /\bCSRFProtect\s*\(|django\.middleware\.csrf\.CsrfViewMiddleware/.test(text) : /['"](csurf|csrf-csrf|@fastify\/csrf-protection|koa-csrf)['"]|lusca\.csrf\(/.test(text)) out[py ? 'python' : 'js'] = true;
  }
  return out;
}

/** Request bodies of form posts: with CSRF protection another site cannot make a victim's browser send them. */
const FORM_BODY = /^(request\.(form|POST|files)|req\.body|ctx\.request\.body)\b/;
const EXISTENCE_NOTE = 'Only whether the chosen path exists is learned here (no content is read or written), so the severity is low.';
const HEADER_ONLY_NOTE = 'The only input is a request header, which a victim\'s browser does not let another site set, so the payload reaches only whoever sent it (cache poisoning aside); the severity is low.';
const SELF_XSS_NOTE = 'The input comes from a form post of an app with CSRF protection: another site cannot make a victim send it, so only the user can inject into their own page (self-XSS); the severity is capped.';

function toFinding(raw: RawFinding, lang: 'py' | 'js', file: SourceFile | undefined, csrfProtected = false): Finding | null {
  const ruleId = taintRuleId(lang, raw.hit.kind);
  const rule = RULES_BY_ID.get(ruleId);
  if (!rule) return null;
  const line = raw.hit.line;
  const snippet = file ? snippetAt(file.text(), line) : raw.hit.label;
  const trace = [...raw.taint.trace, { kind: 'sink' as const, file: raw.file, line, label: raw.hit.label }];
  const flow = flowSeverity(rule.severity, raw.hit.kind, raw.taint);
  const { capped, unproven, matched, switchable, scoped, long } = flow;
  // a payload in a request header reaches only the person who sent it: no other site can make a victim's browser send it
  const headerOnly = !!raw.taint.headerOnly && (raw.hit.kind === 'xss' || raw.hit.kind === 'redirect') && (flow.severity === 'high' || flow.severity === 'critical' || flow.severity === 'medium');
  const selfXss = csrfProtected && raw.hit.kind === 'xss' && FORM_BODY.test(raw.taint.trace[0]?.label ?? '') && (flow.severity === 'high' || flow.severity === 'critical' || flow.severity === 'medium');
  // an existence check on a chosen path tells the attacker only whether a file exists
  const existence = raw.hit.existenceOnly && flow.severity !== 'low' && flow.severity !== 'info';
  const severity = selfXss || existence || headerOnly ? 'low' : flow.severity;
  return {
    id: fingerprint(ruleId, raw.file, `${raw.hit.label}|${raw.taint.trace[0]?.label ?? ''}`),
    ruleId,
    analyzer: 'sast',
    category: 'security',
    title: rule.title,
    severity,
    confidence: unproven || matched || switchable || scoped ? 'low' : long && raw.taint.conf === 'high' ? 'medium' : raw.taint.conf,
    ...(raw.taint.local ? { properties: { localInput: true } } : {}),
    cwe: rule.cwe,
    owasp: rule.owasp,
    location: { file: raw.file, startLine: line, endLine: line },
    snippet,
    message: `${rule.message} Source: ${raw.taint.trace[0]?.label ?? 'user input'}.${raw.hit.through ? ` The helper called here passes it unchanged to ${raw.hit.through.label} (${raw.hit.through.file}:${raw.hit.through.line}).` : ''}${capped ? ` ${LOCAL_INPUT_NOTE}` : ''}${unproven ? ` ${UNPROVEN_NOTE}` : ''}${matched ? ` ${MATCHED_NOTE}` : ''}${switchable ? ` ${SWITCHABLE_NOTE}` : ''}${scoped ? ` ${SCOPED_NOTE}` : ''}${long ? ` ${LONG_FLOW_NOTE}` : ''}${selfXss ? ` ${SELF_XSS_NOTE}` : ''}${existence ? ` ${EXISTENCE_NOTE}` : ''}${headerOnly ? ` ${HEADER_ONLY_NOTE}` : ''}`,
    impact: rule.impact,
    fix: { ...rule.fix },
    references: rule.references,
    trace,
    pack: KIND_META[raw.hit.kind].pack,
  };
}

function snippetAt(text: string, line: number): string {
  const l = text.split('\n')[line - 1] ?? '';
  const s = l.trim();
  return s.length > 240 ? `${s.slice(0, 237)}...` : s;
}
