import { BETA_PROMO_CODE, SUPPORT_EMAIL } from '@duescan/contracts';
import { ContentPage, ContentSection } from '../../components/ContentPage';
import { usePageTitle } from '../../components/use-page-title';

export function BetaTestersPage() {
  usePageTitle('Beta program');
  return (
    <ContentPage
      eyebrow="Beta program"
      title="Become a beta tester"
      lead="Help shape DueScan while it is in beta, and scan your code at half price."
    >
      <ContentSection title="Benefits">
        <ul className="list-disc space-y-1 pl-5">
          <li>50% off every plan for the first 100 testers (code {BETA_PROMO_CODE}).</li>
          <li>Free tokens for your first scans.</li>
          <li>A short feedback form within 48 hours of your scan.</li>
          <li>Prices double after the beta.</li>
        </ul>
      </ContentSection>
      <ContentSection title="Language support">
        <ul className="list-disc space-y-1 pl-5">
          <li>Python and JavaScript/TypeScript: full support.</li>
          <li>Java: basic support.</li>
          <li>Other languages: waitlist.</li>
        </ul>
      </ContentSection>
      <ContentSection title="Apply">
        <p>
          E-mail{' '}
          <a href={`mailto:${SUPPORT_EMAIL}?subject=Beta%20tester%20application`} className="font-semibold text-indigo-600 hover:text-indigo-500">
            {SUPPORT_EMAIL}
          </a>{' '}
          with your name, company and main programming language. We answer within 24 hours.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
