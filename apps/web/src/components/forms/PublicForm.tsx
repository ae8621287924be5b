import type { ReactNode } from 'react';
import { SubmitButton } from '../AuthCard';
import { HoneypotField, TextAreaField, TextField } from './form-fields';
import { FailureMessage, SentMessage } from './FormOutcomeMessage';
import type { usePublicForm } from './use-public-form';

/**
 * The frame of the contact and beta forms: name, e-mail and company, the form's own `fields`, the message, the
 * honeypot, the failure text and the submit button; once sent, only the success text.
 */
export function PublicForm({
  label,
  form,
  fields,
  sentText,
  failedText,
  idle,
  busy,
}: {
  label: string;
  form: ReturnType<typeof usePublicForm>;
  fields: ReactNode;
  sentText: string;
  failedText: string;
  idle: string;
  busy: string;
}) {
  if (form.outcome.kind === 'sent') return <SentMessage text={sentText} />;
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={label} className="relative space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" required autoComplete="name" />
        <TextField label="Email" name="email" type="email" required autoComplete="email" />
        <TextField label="Company" name="company" autoComplete="organization" />
        {fields}
      </div>
      <TextAreaField label="Message" name="message" />
      <HoneypotField />
      <FailureMessage outcome={form.outcome} failedText={failedText} />
      <div className="sm:w-48">
        <SubmitButton submitting={form.submitting} idle={idle} busy={busy} />
      </div>
    </form>
  );
}
