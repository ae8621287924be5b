// The web app's page routes (spec section 2, plus the terms and privacy pages the register note links to).
// The server answers these with 200 (a prerendered page when the web build wrote one, else the app shell) and
// every other non-API URL with 404 and the error screen; sitemap.xml lists the public ones.
export const PUBLIC_ROUTES = ['/', '/login', '/register', '/pricing', '/contact', '/beta-testers', '/docs/get-started', '/terms', '/privacy'] as const;
export const PROTECTED_ROUTES = ['/dashboard', '/scans', '/reports', '/account'] as const;

/**
 * The landing page prerendered for a server with third-party models configured (AI_MODELS): the web build writes
 * it beside dist/index.html and the server sends it for "/" only when that is true of it.
 */
export const LANDING_WITH_AI_VALIDATION_FILE = 'index-ai-validation.html';
