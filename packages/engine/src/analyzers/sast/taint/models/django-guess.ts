// Django views recognized without a URLconf (it may be in another file, or out of sight without cross-file
// analysis), in modules that import django or rest_framework:
//   - a top-level function whose first parameter is `request`, decorated with a Django/DRF view decorator
//     (@login_required, @require_http_methods, @csrf_exempt, @api_view, ...), unless the module itself calls it
//     by name: then it is a helper (`render_checklist(request, instance)`) whatever its decorators;
//   - a class derived from a Django/DRF view class (View, DetailView, APIView, ViewSet...), directly or through
//     classes of the same module, or from an imported base whose name ends in View/ViewSet.
// Their captures have unknown shapes (django-views.ts reports them at medium confidence).
import type { Expr, ModuleIR, Stmt } from '../ir';
import { classInfo, markView, viewInfo } from './django-views';
import type { ClassStmt } from './py-module-index';
import { dotted, moduleIndex, qualified } from './py-module-index';

/** Django and DRF view decorators (debug.sensitive_variables decorates any function, so it does not count). */
const VIEW_DECORATOR = /^(django\.views\.decorators\.(?!debug\.)[\w.]+|django\.contrib\.(auth|admin\.views)\.decorators\.\w+|rest_framework\.decorators\.(api_view|permission_classes|authentication_classes|throttle_classes|renderer_classes|parser_classes|schema))$/;
const VIEW_BASE = /^(django\.views|django\.contrib\.[\w.]*views|rest_framework\.(views|generics|viewsets))\./;

function isViewDecorator(m: ModuleIR, d: Expr): boolean {
  const q = qualified(m, d.k === 'call' ? d.callee : d);
  return !!q && VIEW_DECORATOR.test(q);
}

function isViewClass(m: ModuleIR, cls: ClassStmt, depth = 0): boolean {
  const idx = moduleIndex(m);
  return cls.bases.some((b) => {
    const parts = dotted(b);
    if (!parts) return false;
    const local = parts.length === 1 ? idx.classes.get(parts[0] as string) : undefined;
    if (local) return local !== cls && depth < 6 && isViewClass(m, local, depth + 1);
    const q = qualified(m, b) ?? parts.join('.');
    // a base imported from another project module is judged by its name (BaseDetailView, ProjectViewSet)
    return VIEW_BASE.test(q) || /(View|ViewSet)$/.test(parts[parts.length - 1] as string);
  });
}

/** Names the module calls directly anywhere (top level, functions, methods, lambdas). */
export function calledNames(stmts: readonly Stmt[], out = new Set<string>()): Set<string> {
  const expr = (e: Expr | null | undefined): void => {
    if (!e) return;
    switch (e.k) {
      case 'call':
        if (e.callee.k === 'name') out.add(e.callee.id);
        expr(e.callee);
        e.args.forEach(expr);
        e.kwargs.forEach((k) => expr(k.value));
        return;
      case 'attr':
        return expr(e.obj);
      case 'unary':
        return expr(e.arg);
      case 'index':
        expr(e.obj);
        return expr(e.index);
      case 'bin':
      case 'logic':
      case 'compare':
        expr(e.left);
        return expr(e.right);
      case 'cond':
        return [e.test, e.then, e.else].forEach(expr);
      case 'concat':
      case 'unknown':
        return e.parts.forEach(expr);
      case 'list':
        return e.elems.forEach(expr);
      case 'dict':
        return e.entries.forEach((en) => expr(en.value));
      case 'func':
        calledNames(e.fn.body, out);
        return;
      default:
        return;
    }
  };
  for (const s of stmts) {
    if (s.k === 'assign') expr(s.value);
    else if (s.k === 'expr') expr(s.e);
    else if (s.k === 'return') expr(s.e);
    else if (s.k === 'if') {
      expr(s.test);
      calledNames([...s.then, ...s.else], out);
    } else if (s.k === 'loop') {
      expr(s.iter);
      expr(s.test);
      calledNames([...s.body, ...s.orelse], out);
    } else if (s.k === 'try') calledNames([...s.body, ...s.handlers.flat(), ...s.orelse, ...s.final], out);
    else if (s.k === 'switch') {
      expr(s.subject);
      calledNames(s.cases.flatMap((c) => c.body), out);
    } else if (s.k === 'def') calledNames(s.fn.body, out);
    else if (s.k === 'class') calledNames(s.body, out);
  }
  return out;
}

export function guessViews(m: ModuleIR): void {
  const idx = moduleIndex(m);
  if (!idx.django) return;
  let called: Set<string> | undefined;
  for (const fn of idx.defs.values()) {
    if (fn.params[0]?.name !== 'request' || viewInfo(fn) || !fn.decorators.some((d) => isViewDecorator(m, d))) continue;
    called ??= calledNames(m.body);
    if (!called.has(fn.name)) markView(fn, { kind: 'function', routes: [] });
  }
  for (const cls of idx.classes.values()) if (isViewClass(m, cls)) classInfo(cls);
}
