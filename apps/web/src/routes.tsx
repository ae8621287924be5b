import type { RouteObject } from 'react-router';
import { PUBLIC_ROUTES } from '@duescan/contracts';
import { ErrorScreen } from './components/ErrorScreen';
import { AdaptiveLayout, ProtectedLayout } from './components/ProtectedLayout';
import { PublicLayout } from './components/PublicLayout';
import { RootLayout } from './components/RootLayout';

// Spec section 2. The root errorElement catches unknown routes (404) and any failing route.
// Every page is its own chunk (route `lazy`): a visitor on the landing page downloads neither the signed-in
// screens nor the HTTP client. Layouts stay in the entry chunk because every page needs one.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./pages/landing/LandingPage')).LandingPage }) },
          { path: 'contact', lazy: async () => ({ Component: (await import('./pages/contact/ContactPage')).ContactPage }) },
          { path: 'beta-testers', lazy: async () => ({ Component: (await import('./pages/beta-testers/BetaTestersPage')).BetaTestersPage }) },
          { path: 'docs/get-started', lazy: async () => ({ Component: (await import('./pages/docs/GetStartedPage')).GetStartedPage }) },
          { path: 'terms', lazy: async () => ({ Component: (await import('./pages/legal/TermsPage')).TermsPage }) },
          { path: 'privacy', lazy: async () => ({ Component: (await import('./pages/legal/PrivacyPage')).PrivacyPage }) },
        ],
      },
      {
        element: <AdaptiveLayout />,
        children: [{ path: 'pricing', lazy: async () => ({ Component: (await import('./pages/pricing/PricingPage')).PricingPage }) }],
      },
      { path: 'login', lazy: async () => ({ Component: (await import('./pages/login/LoginPage')).LoginPage }) },
      { path: 'register', lazy: async () => ({ Component: (await import('./pages/register/RegisterPage')).RegisterPage }) },
      {
        element: <ProtectedLayout />,
        children: [
          { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/dashboard/DashboardPage')).DashboardPage }) },
          { path: 'scans', lazy: async () => ({ Component: (await import('./pages/scans/ScansPage')).ScansPage }) },
          { path: 'reports', lazy: async () => ({ Component: (await import('./pages/reports/ReportsPage')).ReportsPage }) },
          { path: 'account', lazy: async () => ({ Component: (await import('./pages/account/AccountPage')).AccountPage }) },
        ],
      },
    ],
  },
];

/** Public routes, prerendered at build time (the server answers each with its file). */
export const PUBLIC_PATHS = PUBLIC_ROUTES;
export type PublicPath = (typeof PUBLIC_ROUTES)[number];
