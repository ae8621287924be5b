// Rule metadata of the route-level access-control checks (access-control pack: Enterprise and Ultra).
import type { RuleMeta } from '../rule-types';
import { OWASP, cheatSheet, cweRef, owaspRef } from '../rules/meta';

const missingAuthRefs = [
  cweRef(306, 'Missing Authentication for Critical Function'),
  cweRef(862, 'Missing Authorization'),
  owaspRef('A01'),
  cheatSheet('Authorization'),
];
const idorRefs = [cweRef(639, 'Authorization Bypass Through User-Controlled Key'), owaspRef('A01'), cheatSheet('Insecure_Direct_Object_Reference_Prevention')];

const missingAuth = (lang: 'js' | 'py'): RuleMeta => ({
  id: `${lang}.access.missing-authentication`,
  title: 'State-changing or admin route without authentication',
  pack: 'access-control',
  languages: lang === 'js' ? ['javascript', 'typescript'] : ['python'],
  // low: it reasons from the absence of a guard it recognizes; on 49 real projects 0 of 63 triaged findings were
  // real (authentication sat in middleware, router mounts, signed payloads or webhook signatures it did not see)
  severity: 'low',
  confidence: 'low',
  cwe: ['CWE-306', 'CWE-862'],
  owasp: [OWASP.A01],
  message:
    'This route changes state (POST/PUT/PATCH/DELETE) or serves an admin/internal/debug path, and no authentication middleware, decorator, guard or dependency is on its chain, while other routes of the application are authenticated.',
  impact: 'Anyone who can reach the server can call it: create, change or delete data, or use an administrative function.',
  fix: {
    guidance: 'Put the same authentication (and, for admin functions, authorization) guard on this route or on the router that mounts it; if it is public on purpose, say so with an explicit marker (e.g. AllowAny, @Public()).',
    example: lang === 'js' ? "router.post('/items', requireAuth, createItem);" : "@bp.route('/items', methods=['POST'])\n@login_required\ndef create_item(): ...",
  },
  references: missingAuthRefs,
});

const idor = (lang: 'js' | 'py'): RuleMeta => ({
  id: `${lang}.access.idor`,
  title: 'Object loaded by a request id without an owner check (IDOR)',
  pack: 'access-control',
  languages: lang === 'js' ? ['javascript', 'typescript'] : ['python'],
  severity: 'medium',
  confidence: 'low',
  cwe: ['CWE-639'],
  owasp: [OWASP.A01],
  message:
    'An authenticated handler loads or changes a record by an id taken from the request, with no owner/tenant condition in the lookup and no permission check in the handler.',
  impact: 'Any signed-in user can read or change another user\'s record by changing the id in the URL or body.',
  fix: {
    guidance: 'Scope the lookup to the caller (owner/tenant in the query, or a queryset reached from the current user), or check permission on the loaded object before using it.',
    example: lang === 'js' ? 'await Invoice.findOne({ _id: req.params.id, owner: req.user.id });' : 'invoice = get_object_or_404(Invoice, pk=pk, owner=request.user)',
  },
  references: idorRefs,
});

const csrf = (lang: 'js' | 'py'): RuleMeta => ({
  id: `${lang}.access.csrf-unprotected`,
  title: 'State-changing route of a cookie-session app without CSRF protection',
  pack: 'access-control',
  languages: lang === 'js' ? ['javascript', 'typescript'] : ['python'],
  // low: browsers that default cookies to SameSite=Lax already refuse most cross-site POSTs; the finding says the
  // application itself does not (no CSRF middleware or token anywhere, and the session cookie sets no SameSite)
  severity: 'low',
  confidence: 'medium',
  cwe: ['CWE-352'],
  owasp: [OWASP.A01],
  message:
    'The application keeps users signed in with a session cookie, this route changes state, and no CSRF middleware, token check or SameSite session cookie is set up anywhere in the project.',
  impact: 'A page on another site can make a signed-in visitor\'s browser submit this request with their session.',
  fix: {
    guidance: 'Add CSRF protection (a token middleware such as csrf-csrf or lusca, Flask-WTF CSRFProtect, aiohttp-csrf) or set the session cookie to SameSite=Lax/Strict.',
    example: lang === 'js' ? "app.use(session({ secret, cookie: { sameSite: 'lax', secure: true, httpOnly: true } }));" : 'CSRFProtect(app)',
  },
  references: [cweRef(352, 'Cross-Site Request Forgery'), owaspRef('A01'), cheatSheet('Cross-Site_Request_Forgery_Prevention')],
});

const missingAuthz = (lang: 'js' | 'py'): RuleMeta => ({
  id: `${lang}.access.missing-authorization`,
  title: 'Admin route open to every signed-in user',
  pack: 'access-control',
  languages: lang === 'js' ? ['javascript', 'typescript'] : ['python'],
  // low: like missing-authentication it reasons from the absence of a role check it recognizes (a role may be
  // checked by a router mount or a base class it does not see)
  severity: 'low',
  confidence: 'low',
  cwe: ['CWE-862', 'CWE-285'],
  owasp: [OWASP.A01],
  message:
    'This route serves an administrative function (an admin path, an admin_ handler or an admin views module) and requires a signed-in user, but no role, permission or admin check is on its chain or in its handler.',
  impact: 'Any signed-in user, not only an administrator, can call it: read or change other users\' data or use an administrative function.',
  fix: {
    guidance: 'Check the administrator role or the permission the function needs, on the route (a role guard or decorator) or first thing in the handler.',
    example: lang === 'js' ? "router.get('/admin/users', requireAuth, requireRole('admin'), listUsers);" : '@staff_member_required\ndef admin_users(request): ...',
  },
  references: [cweRef(862, 'Missing Authorization'), cweRef(285, 'Improper Authorization'), owaspRef('A01'), cheatSheet('Authorization')],
});

export const ACCESS_RULES: RuleMeta[] = [missingAuth('js'), missingAuth('py'), missingAuthz('js'), missingAuthz('py'), idor('js'), idor('py'), csrf('js'), csrf('py')];
export const ruleById = (id: string): RuleMeta => ACCESS_RULES.find((r) => r.id === id)!;
