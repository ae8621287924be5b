import { BETA_FREE_CREDITS, BETA_LANGUAGES, BETA_PROMO_CODE, BETA_PROMO_MAX_REDEMPTIONS, MESSAGES } from '@duescan/contracts';
import { ContentPage, ContentSection } from '../../components/ContentPage';
import { SelectField } from '../../components/forms/form-fields';
import { PublicForm } from '../../components/forms/PublicForm';
import { applyForm } from '../../components/forms/send-form';
import { text, usePublicForm } from '../../components/forms/use-public-form';
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
  const form = usePublicForm({
    read: (data) => ({
      name: text(data, 'name'),
      email: text(data, 'email'),
      company: text(data, 'company'),
      programming_language: text(data, 'programming_language') as Language,
      message: text(data, 'message'),
    }),
    validate: (fields) => validateBeta(fields),
    send: applyForm.beta,
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
        <PublicForm
          label="Beta application"
          form={form}
          fields={<SelectField label="Programming language" name="programming_language" options={LANGUAGE_OPTIONS} required placeholder="Choose a language" />}
          sentText={MESSAGES.betaSent}
          failedText={MESSAGES.betaFailed}
          idle="Apply"
          busy="Submitting..."
        />
      </ContentSection>
    </ContentPage>
  );
}
