import type { RouteObject } from 'react-router';
import { ErrorScreen } from './components/ErrorScreen';
import { AdaptiveLayout, ProtectedLayout } from './components/ProtectedLayout';
import { PublicLayout } from './components/PublicLayout';
import { RootLayout } from './components/RootLayout';
import { AccountPage } from './pages/account/AccountPage';
import { BetaTestersPage } from './pages/beta-testers/BetaTestersPage';
import { ContactPage } from './pages/contact/ContactPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { GetStartedPage } from './pages/docs/GetStartedPage';
import { LandingPage } from './pages/landing/LandingPage';
import { LoginPage } from './pages/login/LoginPage';
import { PricingPage } from './pages/pricing/PricingPage';
import { RegisterPage } from './pages/register/RegisterPage';
import { ReportsPage } from './pages/reports/ReportsPage';
import { ScansPage } from './pages/scans/ScansPage';

// Spec section 2. The root errorElement catches unknown routes (404) and any failing route.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'beta-testers', element: <BetaTestersPage /> },
          { path: 'docs/get-started', element: <GetStartedPage /> },
        ],
      },
      { element: <AdaptiveLayout />, children: [{ path: 'pricing', element: <PricingPage /> }] },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      {
        element: <ProtectedLayout />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'scans', element: <ScansPage /> },
          { path: 'reports', element: <ReportsPage /> },
          { path: 'account', element: <AccountPage /> },
        ],
      },
    ],
  },
];
