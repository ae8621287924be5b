// Names that mean "this request is authenticated / authorised", and paths that are public by design. Shared by
// every framework extractor so one vocabulary decides what counts as a guard.

/**
 * A middleware, decorator, dependency or permission class that authenticates or authorises. Matched on the
 * guard's source text (e.g. `passport.authenticate('jwt')`, `@login_required`, `Depends(get_current_user)`,
 * `permission_classes = [IsAuthenticated]`, `@UseGuards(JwtAuthGuard)`).
 */
const AUTH_GUARD =
  /auth|login|logged_?in|jwt|passport|permission|admin|guard|protect|ensure_?(user|logged|signed)|is_?staff|superuser|current_?(user|account)|roles?_?required|require_?(user|role|scope|api)|signed_?in|(verify|validate|check)_?(token|jwt|user|session|api)|api_?key|restrict|acl\b|IsAuthenticated|access_?required|must_?be|check_?(user|token|session)|super_?user|(check|require|ensure|verify)_?(account|wallet|admin|access)|account_?(id_?)?exists|token_?required|requires_?(user|login|scope)|\bverify\b|signature|hmac|staff_?(member_?)?required|user_passes_test/i;

/** Text that looks like a guard but does not authenticate (parsers, CORS, rate limits, CSRF, validation). */
const NOT_A_GUARD = /^(\s*@\s*)?(cors|helmet|csrf|bodyParser|json|urlencoded|rateLimit|limiter|multer|upload|validate|compression|morgan|cookieParser)\b(?!_?(token|jwt|session|user|api|auth))/i;

/** A permission class that lets anyone in: an explicit, visible decision, not a missing guard. */
export const ALLOW_ANY = /\bAllowAny\b|\bpermission_classes\s*=\s*(\[\s*\]|\(\s*\))/;

export function isAuthGuard(text: string): boolean {
  if (NOT_A_GUARD.test(text)) return false;
  return AUTH_GUARD.test(text) && !/\bAllowAny\b/.test(text);
}

/** Paths (and handler names) that are public by design: sign-in, sign-up, password reset, webhooks, probes. */
const PUBLIC_BY_DESIGN =
  /log_?in|log_?out|sign_?(in|up|out)|register|password|reset|forgot|webhook|hook|health|ping|status|callback|oauth|saml|sso|openid|verify|confirm|activate|token|csrf|captcha|setup|install|subscribe|(^|[\W_])bot([\W_]|$)|invite|unsubscribe|public|contact|feedback|track|beacon|event|telemetry|metrics|graphql|auth|session|otp|mfa|2fa|magic|recover/i;

/** POST to a users/accounts collection is sign-up (not a read of the list, and not an admin creating accounts). */
const SIGN_UP = /\/(users|accounts|members)\/?$/i;

export function publicByDesign(path: string, handlerName = '', methods: readonly string[] = ['ANY']): boolean {
  const signUp = SIGN_UP.test(path) && methods.some((m) => m === 'POST' || m === 'ANY') && !ADMIN_PATH.test(path);
  return PUBLIC_BY_DESIGN.test(`${path} ${handlerName}`) || signUp;
}

/** Admin-looking paths: reaching them without authentication is the finding even for GET. */
export const ADMIN_PATH = /(^|\/)(admin|internal|debug|manage|management)(\/|$|-|_)/i;

/**
 * Code inside a handler that checks the caller itself (an inline check is as good as a middleware): the
 * authenticated user is read, a permission is tested, or the handler answers 401/403.
 */
export const INLINE_AUTH_CHECK =
  /req\.(user|uid|userId|user_id|session\.user|auth|isAuthenticated)|ctx\.(state\.user|session\.user|isAuthenticated|user)|request\.user|current_user|g\.user|get_current_user|session\[['"]user|has_perm|permission|privilege|authorize|is_?admin|is_?staff|is_?superuser|authenticat|\b401\b|\b403\b|Unauthorized|Forbidden|abort\(\s*40[13]/i;

/**
 * A call that writes or acts (persist, delete, send, run): a POST handler without one (a preview, a search, a
 * render of a form) changes nothing, so a missing guard on it is not a missing-authentication finding.
 */
export const WRITE_CALL =
  /\.(save|create\w*|insert\w*|update\w*|delete\w*|destroy\w*|remove\w*|upsert\w*|bulk_create|bulk_update|add|commit|put|patch|write\w*|unlink|rename|exec\w*|run|send_?(mail|email|message|notification|invite)\w*|persist\w*|flush|drop|truncate|kill|spawn|enqueue|publish|emit|apply_async|delay|increment|decrement|assign\w*|merge|import\w*|upload\w*|move\w*|copy\w*|mkdir|rmdir|rm)\s*\(|\b(create|update|delete|remove|save|add|insert|destroy|register|reset|change|import|upload|enable|disable|toggle|transfer|invite|approve|grant|revoke|restart|shutdown)_?\w*\s*\(|\.\w+(Update|Delete|Remove|Destroy|Create|Insert|Upsert)\w*\s*\(|\b(os\.|shutil\.|subprocess\.|child_process|execSync|spawnSync|fs\.)/i;

/**
 * A handler whose first statement tests configuration (`if app.config.get("SAFE_MODE")`, `if settings.DEBUG`,
 * `if (process.env.NODE_ENV !== 'development')`) is switched off unless an operator turns it on.
 */
export const CONFIG_GATED = /^\s*(?:if|unless)\b[^\n]*\b(config|settings\.|DEBUG|process\.env|env\.|feature_?flag)/i;

/** A guard that names an administrator role: `isAdmin`, `@admin_required`, `@staff_member_required`, `IsAdminUser`. */
const ADMIN_ROLE = /admin|superuser|super_user|staff_member|is_?staff|staff_?required|require_?staff|sysadmin/i;

/** A role every signed-up user holds, or one that lets a record's owner in beside the admin (`isAdminOrOwner`). */
const ORDINARY_ROLE =
  /\bROLES?\.(all|default|user|users|member|members|guest|any|public|viewer|basic|authenticated)\b|\b(Role|UserRole|Roles)\.(USER|MEMBER|GUEST|DEFAULT|VIEWER|ANY)\b|['"](user|users|member|members|guest|viewer|everyone|authenticated|default)['"]|admin\w*_?or_?\w*(owner|self|user|author|member|creator)|(owner|self|author|member|creator)\w*_?or_?\w*admin/i;

/**
 * A named permission checked by the guard: `Permissions.SETTINGS.require(403)`, `permission.PLUGIN_X_INSTALL.can()`,
 * GraphQL's `@auth(requires: ["manage:system"])`, `permission_required("core.manage_settings")`. The names, or null
 * when the guard names no permission.
 */
function permissionNames(text: string): string[] | null {
  const constants = [...text.matchAll(/\bPermissions?\.([A-Z][A-Z0-9_]*)\.(?:require|can)\b/g)].map((m) => m[1]!);
  if (constants.length) return constants;
  const listed = /(?:\brequires|\bpermissions?|permission_required|has_?perm(?:ission)?s?|require_?permissions?)\s*[:(=]\s*\(?\s*\[?([^\])]*)/i.exec(text)?.[1];
  const names = listed ? [...listed.matchAll(/['"]([\w.:-]+)['"]/g)].map((m) => m[1]!) : [];
  return names.length ? names : null;
}

/** A permission that administers the server: its settings, system, configuration, plugins' installation, users. */
const ADMIN_CAPABILITY = /^(admin\w*|administrator|superuser|staff|system|settings|config|configure|configuration|install|sudo|root|manage)$/i;
/** A permission that only reads or lists, or acts on the user's own things. */
const READ_CAPABILITY = /^(read|view|list|get|show|own|self|status)$/i;

function adminPermission(name: string): boolean {
  const words = name.split(/[^A-Za-z0-9]+|_/).filter(Boolean);
  return words.some((w) => ADMIN_CAPABILITY.test(w)) && !words.some((w) => READ_CAPABILITY.test(w));
}

/**
 * A guard only an administrator, or a role the operator grants, passes: an admin/staff/superuser role, a role list
 * whose roles are all administrative (`flexUserRoleValid([ROLES.admin, ROLES.manager])`), or named permissions that
 * all administer the server (`Permissions.SETTINGS.require(403)`; a GraphQL `@auth(requires: [...])` lets any one of
 * its permissions in, so every one must). Signing in (`login_required`, `isAuthenticated()`) is not. `declared`
 * says, for a permission the project defines with its default roles, whether those roles are all admin
 * (`TIMELAPSE_ADMIN = Permission(..., default_groups=[USER_GROUP])` is an ordinary user's permission whatever its name).
 */
export function isAdminGuard(text: string, declared: (permission: string) => boolean | undefined = () => undefined): boolean {
  if (!isAuthGuard(text) && !/@auth\b|\brequires\s*:/.test(text)) return false;
  if (ORDINARY_ROLE.test(text)) return false;
  const permissions = permissionNames(text);
  if (permissions) return permissions.every((p) => declared(p) ?? adminPermission(p));
  return ADMIN_ROLE.test(text);
}
