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

/** POST to a users/accounts collection is sign-up. */
const SIGN_UP = /\/(users|accounts|members)\/?$/i;

export function publicByDesign(path: string, handlerName = ''): boolean {
  return PUBLIC_BY_DESIGN.test(`${path} ${handlerName}`) || SIGN_UP.test(path);
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
