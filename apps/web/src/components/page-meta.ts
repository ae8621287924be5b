// Title and description of every public page: set in the browser on navigation (usePageMeta) and written into
// the prerendered HTML's head (prerender/page-head.ts), so both say the same thing.
import type { PublicPath } from '../routes';

export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME = 'DueScan';

export const PAGE_META: Record<PublicPath, PageMeta> = {
  '/': {
    title: 'Automated technical due diligence',
    description:
      'DueScan scans your code for security and quality issues and delivers an investor-ready due-diligence report with a security score. The CLI scans locally and uploads only anonymized findings.',
  },
  '/login': { title: 'Sign in', description: 'Sign in to DueScan to start scans and download your due-diligence reports.' },
  '/register': { title: 'Create account', description: 'Create a free DueScan account and run your first Quick scan.' },
  '/pricing': {
    title: 'Pricing',
    description: 'DueScan plans: Quick (free), Pro, Enterprise and Ultra, 50% off during the beta. Volume discounts and a Custom plan for funds.',
  },
  '/contact': { title: 'Contact', description: 'Questions about a report, volume pricing or a Custom plan? Send us a message; we answer within 24 hours.' },
  '/beta-testers': {
    title: 'Beta program',
    description: 'Apply to the DueScan beta: free tokens, 50% off for the first 100 testers, full Python and JavaScript/TypeScript support.',
  },
  '/docs/get-started': {
    title: 'Get started',
    description: 'Install the DueScan CLI, verify its checksum, run your first free scan and compare the packages.',
  },
  '/terms': { title: 'Terms of service', description: 'The terms under which DueScan provides its scans and reports.' },
  '/privacy': { title: 'Privacy policy', description: 'What DueScan stores about you and your code, for how long, and why.' },
};

export function documentTitle(title: string): string {
  return `${title} · ${SITE_NAME}`;
}
