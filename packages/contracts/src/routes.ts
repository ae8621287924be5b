// The web app's page routes (spec section 2, plus the terms and privacy pages the register note links to).
// The server answers these with 200 (a prerendered page when the web build wrote one, else the app shell) and
// every other non-API URL with 404 and the error screen; sitemap.xml lists the public ones.
export const PUBLIC_ROUTES = ['/', '/login', '/register', '/pricing', '/contact', '/beta-testers', '/docs/get-started', '/terms', '/privacy'] as const;
export const PROTECTED_ROUTES = ['/dashboard', '/scans', '/reports', '/account'] as const;
