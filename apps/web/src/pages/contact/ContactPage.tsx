import { useState } from 'react';
import { Link } from 'react-router';
import { INDUSTRIES, MESSAGES } from '@duescan/contracts';
import { applyForm } from '../../components/forms/send-form';
import { Field, SubmitButton } from '../../components/AuthCard';
import { ContentPage, ContentSection } from '../../components/ContentPage';
import { HoneypotField, SelectField, TextAreaField } from '../../components/forms/form-fields';
import { FailureMessage, SentMessage } from '../../components/forms/FormOutcomeMessage';
import { usePublicForm } from '../../components/forms/use-public-form';
import { validateContact } from '../../components/forms/validate-forms';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';

const INDUSTRY_LABEL: Record<(typeof INDUSTRIES)[number], string> = {
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
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [company, setCompany] = useState('');
  const [industry, setIndustry] = useState('');
  const [message, setMessage] = useState('');
  const [hp, setHp] = useState('');
  const form = usePublicForm({
    hp,
    validate: () => validateContact({ name, email, message }),
    send: () => applyForm.contact({ name, email, company, industry: industry as (typeof INDUSTRIES)[number] | '', message, hp }),
  });

  return (
    <ContentPage eyebrow="Contact" title="Talk to us" lead="Questions about a report, volume pricing, a partnership or a Custom plan? We answer within 24 hours.">
      <ContentSection title="Send us a message">
        {form.outcome.kind === 'sent' ? (
          <SentMessage text={MESSAGES.contactSent} />
        ) : (
          <form onSubmit={form.onSubmit} noValidate aria-label="Contact" className="relative space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Name" name="name" value={name} onChange={setName} required autoComplete="name" />
              <Field label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" />
              <Field label="Company (optional)" name="company" value={company} onChange={setCompany} autoComplete="organization" />
              <SelectField label="Industry" name="industry" value={industry} options={INDUSTRY_OPTIONS} onChange={setIndustry} placeholder="Choose an industry" />
            </div>
            <TextAreaField label="Message" name="message" value={message} onChange={setMessage} />
            <HoneypotField value={hp} onChange={setHp} />
            <FailureMessage outcome={form.outcome} failedText={MESSAGES.contactFailed} />
            <div className="sm:w-48">
              <SubmitButton submitting={form.submitting} idle="Send message" busy="Sending..." />
            </div>
          </form>
        )}
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
