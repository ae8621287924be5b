import { Link } from 'react-router';
import { REPORT_RETENTION_HOURS, SUPPORT_EMAIL } from '@duescan/contracts';
import { ContentPage, ContentSection } from '../../components/ContentPage';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';

export function TermsPage() {
  usePageMeta(PAGE_META['/terms']);
  return (
    <ContentPage eyebrow="Legal" title="Terms of service" lead="The short version of what you can expect from DueScan and what we expect from you.">
      <ContentSection title="The service">
        <p>
          DueScan analyzes the code you point it at and produces a report with findings and a security score. The analysis is automated
          and static: it reads the code and does not run it. A report is a starting point for a review, not a certification that the
          code is secure.
        </p>
      </ContentSection>
      <ContentSection title="Your code and your account">
        <p>
          Scan only code you are allowed to share with us. You are responsible for your account, its API key and the scans started with
          them. Do not use DueScan to attack systems you do not own.
        </p>
      </ContentSection>
      <ContentSection title="Plans and payments">
        <p>
          Paid plans are one-time card payments that add scan credits (Ultra: unlimited scans) to your account. Beta prices are 50% of the
          list price; see{' '}
          <Link to="/pricing" className="font-semibold text-indigo-600 hover:text-indigo-500">
            pricing
          </Link>
          .
        </p>
      </ContentSection>
      <ContentSection title="Reports">
        <p>Reports are deleted {REPORT_RETENTION_HOURS} hours after the scan completes. Download the ones you want to keep.</p>
      </ContentSection>
      <ContentSection title="Questions">
        <p>
          Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-indigo-600 hover:text-indigo-500">
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}
