import { REPORT_RETENTION_HOURS, SUPPORT_EMAIL } from '@duescan/contracts';
import { ContentPage, ContentSection } from '../../components/ContentPage';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';

export function PrivacyPage() {
  usePageMeta(PAGE_META['/privacy']);
  return (
    <ContentPage eyebrow="Legal" title="Privacy policy" lead="What DueScan stores, for how long, and why.">
      <ContentSection title="Your account">
        <p>
          Your e-mail address, optional company name, a hash of your password (never the password itself), your plan, credits and scan
          history. We use them to run the service and to send you your reports.
        </p>
      </ContentSection>
      <ContentSection title="Your code">
        <p>
          The command-line tool scans on your own machine. With <code>--upload</code> it sends an anonymized report: findings and metadata,
          no source code, no snippets, hashed file paths, no author names.
        </p>
        <p>
          A scan started on the website (repository URL or archive upload) copies the code into an isolated working folder on our server,
          analyzes it without running it, and deletes the code when the scan ends.
        </p>
      </ContentSection>
      <ContentSection title="Reports">
        <p>Reports are deleted {REPORT_RETENTION_HOURS} hours after the scan completes.</p>
      </ContentSection>
      <ContentSection title="Messages and payments">
        <p>
          Contact messages and beta applications are stored and forwarded to our support address so we can answer them. Card details are
          entered into the payment provider&apos;s form and handled by the provider; we keep the payment&apos;s amount, status and plan.
        </p>
      </ContentSection>
      <ContentSection title="Questions and deletion">
        <p>
          Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-indigo-600 hover:text-indigo-500">
            {SUPPORT_EMAIL}
          </a>{' '}
          to see or delete what we store about you.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
