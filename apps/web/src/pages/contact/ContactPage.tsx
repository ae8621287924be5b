import { SUPPORT_EMAIL } from '@duescan/contracts';
import { ContentPage, ContentSection } from '../../components/ContentPage';
import { usePageTitle } from '../../components/use-page-title';

export function ContactPage() {
  usePageTitle('Contact');
  return (
    <ContentPage eyebrow="Contact" title="Talk to us" lead="Questions about a report, volume pricing or a custom plan? We answer within 24 hours.">
      <ContentSection title="E-mail">
        <p>
          Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-indigo-600 hover:text-indigo-500">
            {SUPPORT_EMAIL}
          </a>
          . Tell us about your company, your industry and what you want to scan.
        </p>
      </ContentSection>
      <ContentSection title="Volume discounts and partner programs">
        <ul className="list-disc space-y-1 pl-5">
          <li>10-25 scans: 20% off</li>
          <li>26-50 scans: 30% off</li>
          <li>More than 50 scans, or a Custom plan from $5000: contact sales</li>
        </ul>
      </ContentSection>
    </ContentPage>
  );
}
