import { useState } from 'react';
import { BETA_FREE_CREDITS, BETA_LANGUAGES, BETA_PROMO_CODE, BETA_PROMO_MAX_REDEMPTIONS, MESSAGES } from '@duescan/contracts';
import { Field, SubmitButton } from '../../components/AuthCard';
import { ContentPage, ContentSection } from '../../components/ContentPage';
import { HoneypotField, SelectField, TextAreaField } from '../../components/forms/form-fields';
import { FailureMessage, SentMessage } from '../../components/forms/FormOutcomeMessage';
import { applyForm } from '../../components/forms/send-form';
import { usePublicForm } from '../../components/forms/use-public-form';
import { validateBeta } from '../../components/forms/validate-forms';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';

type Language = (typeof BETA_LANGUAGES)[number];
const LANGUAGE_LABEL: Record<Language, string> = {
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  java: 'Java',
  other: 'Other',
};
const LANGUAGE_OPTIONS = BETA_LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABEL[value] }));

export function BetaTestersPage() {
  usePageMeta(PAGE_META['/beta-testers']);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [company, setCompany] = useState('');
  const [language, setLanguage] = useState('');
  const [message, setMessage] = useState('');
  const [hp, setHp] = useState('');
  const form = usePublicForm({
    hp,
    validate: () => validateBeta({ name, email, message, programming_language: language }),
    send: () => applyForm.beta({ name, email, company, programming_language: language as Language, message, hp }),
  });

  return (
    <ContentPage eyebrow="Beta program" title="Become a beta tester" lead="Help shape DueScan while it is in beta, and scan your code at half price.">
      <ContentSection title="Benefits">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            {BETA_FREE_CREDITS} free scan credits, with the {BETA_PROMO_CODE} code, e-mailed within 24 hours of acceptance.
          </li>
          <li>50% off every plan with {BETA_PROMO_CODE}, for the first {BETA_PROMO_MAX_REDEMPTIONS} testers.</li>
          <li>A short feedback form 48 hours after your first completed scan: your answers decide what we build next.</li>
          <li>Prices double after the beta.</li>
        </ul>
      </ContentSection>
      <ContentSection title="Language support">
        <ul className="list-disc space-y-1 pl-5">
          <li>Python and JavaScript/TypeScript: full support.</li>
          <li>Java: basic support.</li>
          <li>Other languages: waitlist. Apply anyway and tell us which one.</li>
        </ul>
      </ContentSection>
      <ContentSection title="Apply">
        {form.outcome.kind === 'sent' ? (
          <SentMessage text={MESSAGES.betaSent} />
        ) : (
          <form onSubmit={form.onSubmit} noValidate aria-label="Beta application" className="relative space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Name" name="name" value={name} onChange={setName} required autoComplete="name" />
              <Field label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" />
              <Field label="Company (optional)" name="company" value={company} onChange={setCompany} autoComplete="organization" />
              <SelectField
                label="Programming language"
                name="programming_language"
                value={language}
                options={LANGUAGE_OPTIONS}
                onChange={setLanguage}
                required
                placeholder="Choose a language"
              />
            </div>
            <TextAreaField label="Message" name="message" value={message} onChange={setMessage} />
            <HoneypotField value={hp} onChange={setHp} />
            <FailureMessage outcome={form.outcome} failedText={MESSAGES.betaFailed} />
            <div className="sm:w-48">
              <SubmitButton submitting={form.submitting} idle="Apply" busy="Submitting..." />
            </div>
          </form>
        )}
      </ContentSection>
    </ContentPage>
  );
}
