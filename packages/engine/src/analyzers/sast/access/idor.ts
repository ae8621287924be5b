// Insecure direct object reference: a handler loads (or changes) a record by an id the request chose, with no
// owner/tenant condition in the lookup and no permission check in the handler.
import type { SgNode } from '@ast-grep/napi';
import { type PyModelIndex, lookupModel, ownerless } from './py-models';
import { type Route, codeText, withoutCommentLines } from './route';

const OWNER_WORD = 'user|owner|tenant|org|account|team|author|creator|member|workspace|space|household|group|project|site|company|customer|created_?by';
/** A lookup field that ties the record to the caller: `{ ownerId: ... }` in JS, `owner=...` in Python. */
const JS_OWNER_KEY = new RegExp(`\\w*(${OWNER_WORD})\\w*['"]?\\s*:\\s*([^,}]+)`, 'gi');
const PY_OWNER_KWARG = new RegExp(`\\b\\w*(${OWNER_WORD})\\w*\\s*(?:==|=)\\s*([^,)]+)`, 'gi');

/** Some owner/tenant condition in the lookup takes its value from somewhere other than the request. */
function scopedToCaller(argText: string, ownerCondition: RegExp, fromRequest: (value: string) => boolean): boolean {
  return [...argText.matchAll(ownerCondition)].some((m) => !fromRequest(m[2]!.trim()));
}
/** A queryset reached through the caller (`request.user.documents`, `current_user.posts`). */
const SCOPED_BY_CALLER = /request\.user|current_user|g\.user/;
/** Calls that send or log what they are given (a response, a log line): the caller named in them is reported, not checked. */
const TALK = 'json|jsonp|send|render|write|end|log|info|debug|warn|error|trace';
const TALK_CALL = new RegExp(`(^|\\.)(${TALK})$`);
/**
 * The caller is handed to another call with the record (`switch_space(request.user, space)`): the check is delegated.
 * (Not into a response or a log line: `res.json({ requesterId: req.user.id })` reports the caller, checks nothing.)
 */
const CALLER_PASSED = new RegExp(String.raw`\b(?!(?:${TALK})\s*\()\w+\(\s*[^)]*\b(request\.user|current_user|g\.user|req\.user|ctx\.state\.user)\b`);
const CALLER = String.raw`(current_user|request\.user|req\.user|req\.uid|g\.user|ctx\.state\.user|session\.user|get_jwt_identity\(\))`;
/**
 * A check in the handler that decides whether the caller may touch the record: the record's owner compared with
 * the caller, or a permission/policy call. (A comparison of two request values checks nothing.)
 */
/** An owner comparison in a condition (`if note.owner_id != user.id`); the same comparison inside a query is a filter. */
// (`if profile.account != account`, `if job.user_id != user.id`: the record's owner attribute against something)
const OWNER_CONDITION = new RegExp(
  String.raw`\b(if|elif|assert|unless)\b[^\n]*\b(owner|author|created_?by)\w*\s*(!==?|===?)|\b(if|elif|assert|unless)\b[^\n]*(!==?|===?)\s*[\w.]*(owner|author)\b` +
    String.raw`|\b(if|elif|assert|unless)\b[^\n]*\w\.\w*(${OWNER_WORD})\w*\s*(!==?|===?|\bis not\b|\bis\b)` +
    // (`if account != profile.account`: the record's owner attribute on the right)
    String.raw`|\b(if|elif|assert|unless)\b[^\n]*(!=|==)\s*\w+\.(${OWNER_WORD})(_id)?\b`,
  'i',
);
const HANDLER_CHECK = new RegExp(
  [
    String.raw`(!==?|===?)\s*[\w.()]*${CALLER}`,
    String.raw`${CALLER}[\w.()]*\s*(!==?|===?)`,
    // A lookup followed by a password check is authentication (sign-in, re-auth), not access to someone's object.
    String.raw`bcrypt\.compare|check_password|verify_password|checkpw|argon2\.verify|passwordMatches`,
    // a project helper named for the caller's access to the record's parent (`getUserHasAdminAccessToSite(req, siteId)`,
    // `checkProjectAccess(user, id)`, `ensureCanAccess(...)`)
    String.raw`\b\w*(has|check|verify|ensure|assert|require|can)\w*access\w*\s*\(`,
    String.raw`permission|\bauthori[sz]e\w*\s*\(|\bcan[A-Z_(]|_can_\w*\(|has_perm|check_object|policy|\babilit|isOwner|is_owner|belongs|get_queryset|request\.user\.\w+\.(get|filter)`,
    // a queryset built for this request (`get_pages_queryset(request)`): the helper scopes it to what the caller may see
    String.raw`\b\w*queryset\w*\s*\(\s*(self\s*,\s*)?(request|req)\b`,
    // the id came out of a signed value (`Signer().unsign(...)`, `signing.loads(...)`): the server issued it to this caller
    String.raw`\.unsign\w*\s*\(|\bsigning\.loads\s*\(`,
  ].join('|'),
  'i',
);

const JS_LOOKUP = /^(findById|findByIdAndUpdate|findByIdAndDelete|findByIdAndRemove|findByPk|findOne|findOneAndUpdate|findOneAndDelete|findOneAndRemove|findOneBy|findOneByOrFail|findOneOrFail|findUnique|findUniqueOrThrow|findFirst|update|delete|destroy|deleteOne|updateOne)$/;
export const JS_REQUEST = /\b(req|request)\.(params|query|body)\b|\bctx\.(params|request\.(query|body)|query)\b/;

/** Names bound from request data in the handler (`const { id } = req.params`, `const id = req.params.id`). */
export function jsRequestNames(body: string): Set<string> {
  const names = new Set<string>();
  for (const m of body.matchAll(/(?:const|let|var)\s+\{([^}]*)\}\s*=\s*(?:req|request|ctx)\.(?:params|query|body|request\.(?:query|body))\b/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.split(':').pop()?.split('=')[0]?.trim();
      if (name && /^\w+$/.test(name)) names.add(name);
    }
  }
  for (const m of body.matchAll(/(?:const|let|var)\s+(\w+)\s*=\s*(?:\w+\()?(?:req|request|ctx)\.(?:params|query|body|request\.(?:query|body))\b/g)) names.add(m[1]!);
  // ... and names computed from those (`const taskId = parseInt(id)`, `const key = Number(req.params.id)`)
  const derived = [...body.matchAll(/(?:const|let|var)\s+(\w+)\s*=\s*(?:await\s+)?(?:parseInt|parseFloat|Number|String|BigInt|new\s+ObjectId|new\s+Types\.ObjectId|ObjectId)\s*\(\s*([\w.]+)/g)];
  for (let pass = 0; pass < 2; pass++) for (const m of derived) if (JS_REQUEST.test(m[2]!) || names.has(m[2]!.split('.')[0]!)) names.add(m[1]!);
  return names;
}

const callArgs0 = (argText: string) => argText.replace(/^\(/, '').split(',')[0] ?? '';

/** The text uses one of these variables (a property of the same name, `req.user.id`, is another thing). */
const mentions = (text: string, names: Iterable<string>) => [...names].some((n) => new RegExp(`(?<![.\\w$])${n}\\b`).test(text));

export interface IdorHit { node: SgNode; lookup: string; why?: string }

/**
 * A permission decided on the route's chain (`route({ permission: 'MANAGE_GUILD' })`, `authorize('edit')`,
 * `can('update', 'Post')`): the caller's right over the path's resource is checked before the handler runs.
 */
const CHAIN_PERMISSION = /\bpermissions?\b\s*[:=(]|\bauthori[sz]e\w*\s*\(|\b(can|ability|policy|checkPermissions?|requirePermissions?|hasPermission)\s*\(/i;
/**
 * The route's path parameters, outermost first: directory names of file-based routing (`#guild_id`, `[id]`, `:id`)
 * then the declared path's `:params`.
 */
function pathParams(route: Route): string[] {
  const fromFile = route.file.split('/').flatMap((seg) => /^(?:#|:|\[)(\w+)\]?$/.exec(seg)?.slice(1, 2) ?? []);
  return [...fromFile, ...[...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)];
}

/**
 * A permission on the route's chain is a right over the resource the path names (`/guilds/:guild_id/...`): a lookup
 * of that resource, or of a child scoped to it (`{ guild_id, id: emoji_id }`), is covered; a child looked up by its
 * own id alone (`{ id: rule_id }`) may belong to another parent.
 */
function coveredByPermission(condition: string, params: readonly string[]): boolean {
  if (params.length <= 1) return true;
  const mentioned = (p: string) => mentions(condition, [p]);
  const child = params[params.length - 1]!;
  return params.slice(0, -1).some(mentioned) || !mentioned(child);
}

/** The caller's own id (`req.user_id`, `req.user.id`, `ctx.state.user._id`), as a value in a lookup condition. */
const CALLER_ID = /\b(req\.(user|userId|user_id|uid|auth)|ctx\.state\.(user|userId)|res\.locals\.(user|userId)|request\.user)\b/;

/** The condition part of a lookup's arguments: its `where:` object when it has one, else the first argument. */
function lookupCondition(call: SgNode): string {
  const args = (call.field('arguments')?.children() ?? []).filter((c) => c.isNamed());
  for (const a of args) {
    const where = (a.kind() as string) === 'object' ? a.children().find((p) => (p.kind() as string) === 'pair' && p.field('key')?.text() === 'where') : undefined;
    if (where) return where.text();
  }
  return args[0]?.text() ?? '';
}

/** An instance method (update, destroy...) called on a variable the handler assigned from a find/get call. */
function loadedRecord(call: SgNode, body: string): boolean {
  const recv = call.field('function')?.field('object');
  if (!recv || (recv.kind() as string) !== 'identifier') return false;
  const name = recv.text().replace(/\$/g, '\\$');
  const method = call.field('function')?.field('property')?.text() ?? '';
  if (!/^(update|destroy|delete|save|remove|reload)$/.test(method)) return false;
  return new RegExp(`\\b(?:const|let|var)\\s+${name}\\s*=\\s*(?:await\\s+)?[\\w.]+\\.(?:find|get|load|fetch)\\w*\\s*\\(`).test(body);
}

/**
 * A comparison that is only reported back (`isOwner: task.userId === req.user.id` in the response) decides nothing:
 * the property values of object literals are left out of the handler's checks.
 */
const REPORTED_COMPARISON = /\b\w+['"]?\s*:\s*[^,\n{}:?]*(?:===?|!==?)[^,\n{}?]*(?=[,\n}])/g;

export function jsIdor(route: Route): IdorHit | null {
  const body = route.handler;
  if (!body) return null;
  const bodyText = codeText(body);
  const checks = bodyText.replace(REPORTED_COMPARISON, '');
  if (HANDLER_CHECK.test(checks) || OWNER_CONDITION.test(checks) || CALLER_PASSED.test(bodyText)) return null;
  const permitted = route.guards.some((g) => CHAIN_PERMISSION.test(g));
  const params = pathParams(route);
  const names = jsRequestNames(bodyText);
  const lookups = body
    .findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'member_expression' } } })
    .filter((c) => JS_LOOKUP.test(c.field('function')?.field('property')?.text() ?? ''));
  // `Member.findOne({ where: { guild_id, id: req.user_id } })`, `Member.IsInGuildOrFail(req.user_id, guild_id)`: the
  // caller's relation to the path's resource is looked up or checked: lookups keyed by that parameter alone are covered
  const callerCalls = body
    .findAll({ rule: { kind: 'call_expression' } })
    .filter((c) => !TALK_CALL.test(c.field('function')?.text() ?? ''))
    .map((c) => (lookups.some((l) => l.id() === c.id()) ? lookupCondition(c) : (c.field('arguments')?.text() ?? '')));
  const checked = new Set(params.filter((p) => callerCalls.some((args) => CALLER_ID.test(args) && mentions(args, [p]))));
  // the change a request makes to someone else's record is the harm: a write keyed by the request is reported before
  // the read that found the record first (`findUnique` to answer 404, then `delete`)
  let read: IdorHit | null = null;
  for (const call of lookups) {
    const method = call.field('function')?.field('property')?.text() ?? '';
    // `task.update({...})` on a record the handler loaded (`const task = await repo.findByIdAndUser(id, uid)`): the
    // record's own save, not a lookup; the load is where the id chose the record
    if (loadedRecord(call, bodyText)) continue;
    const argText = call.field('arguments')?.text() ?? '';
    const fromRequest = (t: string) => JS_REQUEST.test(t) || mentions(t, names);
    // findById(id) takes the key itself; the others take a condition object, keyed by request data.
    const keyed = /^(findById\w*|findByPk)$/.test(method)
      ? fromRequest(callArgs0(argText))
      : [...argText.matchAll(/(\w+)['"]?\s*:\s*([^,}]+)|[{,]\s*(\w+)\s*(?=[,}])/g)].some((m) => fromRequest(m[2] ?? m[3] ?? ''));
    if (!keyed) continue;
    // (the condition only: `include: { user: { select: ... } }` beside it names a relation to load, not an owner)
    const condition = lookupCondition(call);
    if (scopedToCaller(condition, JS_OWNER_KEY, fromRequest)) continue;
    // `where: { from_id: req.user_id, to_id: id }`: whatever the key is called, the caller's own id scopes the lookup
    if (CALLER_ID.test(condition)) continue;
    if (permitted && coveredByPermission(condition, params)) continue;
    // (a child scoped to that resource, `{ guild_id, id: role_id }`, is covered too)
    if (mentions(condition, checked)) continue;
    const hit = { node: call, lookup: call.text().split('\n')[0]! };
    if (JS_WRITE.test(method)) return hit;
    read ??= hit;
  }
  // raw SQL on a driver handle: `db.get(`SELECT * FROM users WHERE id = ${id}`)`, `pool.query('... WHERE id = $1', [id])`
  for (const call of body.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'member_expression' } } })) {
    if (!JS_SQL_RUN.test(call.field('function')?.field('property')?.text() ?? '')) continue;
    const first = call.field('arguments')?.children().find((c) => c.isNamed());
    if (!first || !/^(string|template_string)$/.test(first.kind() as string)) continue;
    if (permitted || !sqlLookupByRequestId(call.field('arguments')?.text() ?? '', (t) => JS_REQUEST.test(t) || mentions(t, names))) continue;
    const hit = { node: call, lookup: call.text().split('\n')[0]! };
    if (/^.\s*(UPDATE|DELETE)\b/i.test(first.text())) return hit;
    read ??= hit;
  }
  return read;
}
const JS_SQL_RUN = /^(get|all|run|each|query|execute|oneOrNone|one|many|manyOrNone|any|none)$/;
const JS_WRITE = /^(findByIdAndUpdate|findByIdAndDelete|findByIdAndRemove|findOneAndUpdate|findOneAndDelete|findOneAndRemove|update|delete|destroy|deleteOne|updateOne)$/;

const PY_LOOKUP = /(\.objects(\.\w+\([^)]*\))*\.(get|filter|get_or_create)|get_object_or_404|get_list_or_404|\.query\.(get|get_or_404|filter_by|filter)|\.query\(\s*\w+\s*\)\.(get|filter_by|filter)|session\.get|\.get_by_id|\.get_or_none)$/;
export const PY_REQUEST = /request\.(args|form|json|values|GET|POST|data|query_params|get_json\(\))|self\.kwargs|path_params/;

/** Names assigned from request data in a Python handler (`content = request.json`, `cid = content['id']`). */
export function pyRequestNames(body: string): Set<string> {
  const names = new Set<string>();
  const assignments = [...body.matchAll(/^\s*(\w+)\s*=\s*(.+)$/gm)];
  for (let pass = 0; pass < 2; pass++) {
    for (const m of assignments) if (PY_REQUEST.test(m[2]!) || mentions(m[2]!, names)) names.add(m[1]!);
  }
  return names;
}

/**
 * A decorator that grants the route to a role or permission (`@api_role_can('update account')`,
 * `@permission_required(...)`, `@admin_required`, `@staff_member_required`): who may touch which record is decided
 * there, by role, not left out. (DRF's `@permission_classes([IsAuthenticated])` only signs the caller in.)
 */
const ROLE_DECORATOR = /^@[\w.]*(permission_required|requires?_permission|has_permission|role|_can\b|admin|staff|superuser|operator)\w*/i;
/**
 * `@manager_required`, `@reviewer_required`: a project decorator named for the role it requires. Those that only
 * sign the caller in or check the request's form (login, token, CSRF, method, AJAX) grant no role.
 */
const ROLE_REQUIRED = /^@(?:[\w.]*\.)?(?!(?:\w*_)?(?:login|logged_in|auth|authenticated|authentication|token|jwt|session|csrf|ajax|json|post|get|https?|ssl|fresh_login|verified|email_verified|otp|mfa|2fa|user)_required\b)\w+_required\b/i;

/** A guard given the role it requires (`@require_auth(scopes=[...], role=UserRole.MODERATOR)`); not a plain user role. */
const ROLE_ARGUMENT = /^@[\w.]+\([^)]*\broles?\s*=\s*(?!None\b|["']?user["']?\b|\w+\.USER\b)[\w.[("']/i;

/** A path parameter that names a person's account: the records under it are that user's (`/users/{user_id}/cards`). */
const USER_KEY = /^(user|owner|account|customer|member|profile)_?(id|uuid|pk)$/i;
/** A dependency that resolves the signed-in caller (`current_user: User = Depends(get_current_user)`). */
const CALLER_DEPENDENCY = /^\s*(\w+)\s*(?::[^=]*)?=\s*(?:Depends|Security)\(\s*[\w.]*(current_?user|get_user|user_from|auth|token|jwt|session|principal|identity)\w*/i;

const LOG_CALL = /^(print|(?:[\w.]*\.)?(?:log|logger|logging|LOG|LOGGER|_log|_logger)\.\w+)$/;
/** A body's code without its strings and log/print calls: naming the caller in a message checks nothing. */
function withoutTalk(body: SgNode | null): string {
  if (!body) return '';
  const start = body.range().start.index;
  const noise = body
    .findAll({ rule: { any: [{ kind: 'string' }, { kind: 'call' }] } })
    .filter((n) => (n.kind() as string) === 'string' || LOG_CALL.test(n.field('function')?.text() ?? ''))
    .map((n) => [n.range().start.index - start, n.range().end.index - start] as const)
    .sort((a, b) => a[0] - b[0]);
  // cut each outermost range once (a string inside a log call goes with the call)
  const text = body.text();
  let out = '';
  let at = 0;
  for (const [from, to] of noise) {
    if (from < at) continue;
    out += text.slice(at, from);
    at = to;
  }
  return withoutCommentLines(out + text.slice(at));
}

/**
 * A FastAPI handler under a user's path (`/users/{user_id}/addresses`) that is handed the signed-in caller and never
 * looks at it: whose records it reads or changes is decided by the path alone, so any account reaches any other's.
 * (A bare `/users/{user_id}` read may be a public profile, so only sub-resources and changes count.)
 */
function ignoredCaller(route: Route, fn: SgNode): IdorHit | null {
  if (route.framework !== 'fastapi') return null;
  const path = (route.routerPrefix ?? '') + route.path;
  const key = route.urlParams.find((p) => USER_KEY.test(p) && path.includes(`{${p}}`));
  if (!key) return null;
  const subResource = new RegExp(`\\{${key}\\}/[\\w{]`).test(path);
  if (!subResource && !route.methods.some((m) => m === 'PUT' || m === 'PATCH' || m === 'DELETE')) return null;
  const callers = (fn.field('parameters')?.children() ?? []).flatMap((p) => CALLER_DEPENDENCY.exec(p.text())?.slice(1, 2) ?? []);
  if (callers.length === 0) return null;
  const body = withoutTalk(fn.field('body'));
  if (mentions(body, callers) || !mentions(body, [key]) || HANDLER_CHECK.test(body) || OWNER_CONDITION.test(body)) return null;
  return { node: fn, lookup: `${path} (${key})`, why: `takes the user whose records it serves from the path (${key}) and never compares it with the signed-in caller (${callers[0]}, injected but unused)` };
}

/** Raw SQL run on a cursor or connection (`cursor.execute(f"SELECT * FROM documents WHERE id={doc_id}")`). */
const PY_SQL_RUN = /(^|\.)(execute|executemany|exec_driver_sql|fetchone|fetchall|fetchrow|fetchval|fetch)$/;
const SQL_WHERE = /\b(SELECT|UPDATE|DELETE)\b[\s\S]*?\bWHERE\b([\s\S]*)/i;
/** A bound parameter's placeholder in SQL text: `?`, `%s`, `$1`, `:name`, `%(name)s`, `@name`. */
export const SQL_PLACEHOLDER = /^(\?|%s|\$\d+|:\w+|%\(\w+\)s|@\w+)$/;

/**
 * A SQL statement that picks rows by an id the request chose, with no owner condition beside it: `WHERE id={doc_id}`.
 * An owner-named column compared with anything but request data (`AND user_id = %s`, `owner = {session_user}`)
 * scopes it; a bound placeholder's value cannot be told apart from the others, so an owner column with one scopes too.
 */
function sqlLookupByRequestId(argText: string, fromRequest: (t: string) => boolean): boolean {
  const where = SQL_WHERE.exec(argText)?.[2];
  if (!where) return false;
  let byRequestId = false;
  for (const m of where.matchAll(/[\w.]*?(\w+)["'`\]]?\s*(?:=|==)\s*(['"]?\{?[^\s,)'"}]+\}?['"]?)/g)) {
    const column = m[1]!;
    const value = m[2]!.replace(/^['"]|['"]$/g, '');
    const owner = new RegExp(`(${OWNER_WORD})`, 'i').test(column);
    if (owner && (SQL_PLACEHOLDER.test(value) || !fromRequest(value))) return false;
    // (a placeholder's value is in the parameters after the statement's closing quote)
    if (/^(id|pk|uuid|\w+_id|\w+Id)$/.test(column) && fromRequest(SQL_PLACEHOLDER.test(value) ? where.slice(where.search(/['"`]\s*[,)]/) + 1) : value)) byRequestId = true;
  }
  return byRequestId;
}

export function pyIdor(route: Route, models: PyModelIndex = new Map()): IdorHit | null {
  const fn = route.handler;
  if (!fn) return null;
  if (route.guards.some((g) => ROLE_DECORATOR.test(g.trim()) || ROLE_REQUIRED.test(g.trim()) || ROLE_ARGUMENT.test(g.trim()))) return null;
  const ignored = ignoredCaller(route, fn);
  if (ignored) return ignored;
  const bodyText = codeText(fn);
  if (HANDLER_CHECK.test(bodyText) || OWNER_CONDITION.test(bodyText) || CALLER_PASSED.test(bodyText)) return null;
  const requestNames = pyRequestNames(bodyText);
  for (const call of fn.findAll({ rule: { kind: 'call' } })) {
    const callee = call.field('function')?.text() ?? '';
    if (PY_SQL_RUN.test(callee)) {
      // the statement built in a local first (`query = f"SELECT ..."; cursor.execute(query)`)
      const args = call.field('arguments')?.text() ?? '';
      const local = /^\(\s*(\w+)\s*[,)]/.exec(args)?.[1];
      const built = local ? new RegExp(`^\\s*${local}\\s*=\\s*(.+)$`, 'm').exec(bodyText)?.[1] : undefined;
      const sql = built ? `${built} ${args}` : args;
      if (sqlLookupByRequestId(sql, (t) => PY_REQUEST.test(t) || mentions(t, route.urlParams) || mentions(t, requestNames))) return { node: call, lookup: call.text().split('\n')[0]! };
      continue;
    }
    if (!PY_LOOKUP.test(callee) || SCOPED_BY_CALLER.test(callee)) continue;
    const argText = call.field('arguments')?.text() ?? '';
    if (!/\b(pk|id|\w+_id|uuid|slug)\b/.test(argText) && !/(\.get|get_or_404|session\.get)$/.test(callee)) continue;
    if (!(PY_REQUEST.test(argText) || mentions(argText, route.urlParams) || mentions(argText, requestNames))) continue;
    const fromRequest = (t: string) => PY_REQUEST.test(t) || mentions(t, route.urlParams) || mentions(t, requestNames);
    if (scopedToCaller(argText, PY_OWNER_KWARG, fromRequest) || SCOPED_BY_CALLER.test(argText)) continue;
    // a record that belongs to nobody (a public page, a catalogue product): there is no owner to check
    const model = lookupModel(callee, call.field('arguments')?.child(1)?.text() ?? '');
    if (model && ownerless(model, models)) continue;
    return { node: call, lookup: call.text().split('\n')[0]! };
  }
  return null;
}
