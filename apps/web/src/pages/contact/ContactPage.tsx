import { Link } from 'react-router';
import { INDUSTRIES, MESSAGES } from '@duescan/contracts';
import { applyForm } from '../../components/forms/send-form';
import { ContentPage, ContentSection } from '../../components/ContentPage';
import { SelectField } from '../../components/forms/form-fields';
import { PublicForm } from '../../components/forms/PublicForm';
import { text, usePublicForm } from '../../components/forms/use-public-form';
import { validateContact } from '../../components/forms/validate-forms';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';

type Industry = (typeof INDUSTRIES)[number];
const INDUSTRY_LABEL: Record<Industry, string> = {
  fintech: 'Fintech',
  healthcare: 'Healthcare',
  manufacturing: 'Manufacturing',
  energy: 'Energy',
  retail: 'Retail',
  logistics: 'Logistics',
  government: 'Government',
  other: 'Other',
};
const INDUSTRY_OPTIONS = INDUSTRIES.map((value) => ({ value, label: INDUSTRY_LABEL[value] }));

export function ContactPage() {
  usePageMeta(PAGE_META['/contact']);
  const form = usePublicForm({
    read: (data) => ({
      name: text(data, 'name'),
      email: text(data, 'email'),
      company: text(data, 'company'),
      industry: text(data, 'industry') as Industry | '',
      message: text(data, 'message'),
    }),
    validate: (fields) => validateContact(fields),
    send: applyForm.contact,
  });

  return (
    <ContentPage eyebrow="Contact" title="Talk to us" lead="Questions about a report, volume pricing, a partnership or a Custom plan? We answer within 24 hours.">
      <ContentSection title="Send us a message">
        <PublicForm
          label="Contact"
          form={form}
          fields={<SelectField label="Industry" name="industry" options={INDUSTRY_OPTIONS} placeholder="Choose an industry" />}
          sentText={MESSAGES.contactSent}
          failedText={MESSAGES.contactFailed}
          idle="Send message"
          busy="Sending..."
        />
      </ContentSection>
      <ContentSection title="Volume discounts and partner programs">
        <ul className="list-disc space-y-1 pl-5">
          <li>10-25 scans: 20% off</li>
          <li>26-50 scans: 30% off</li>
          <li>More than 50 scans, or a Custom plan from $5000: contact sales</li>
        </ul>
        <p>
          See all plans on the{' '}
          <Link to="/pricing" className="font-semibold text-indigo-700 hover:text-indigo-500">
            pricing page
          </Link>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}
