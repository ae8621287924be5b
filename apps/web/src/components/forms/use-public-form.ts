import { useState, type FormEvent } from 'react';

export type FormOutcome = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed' } | { kind: 'invalid'; message: string };

/**
 * Submitting state and outcome of a public form (contact, beta). The hidden "website" field is the honeypot: when
 * it is filled the form shows its success and sends nothing (spec section 5). `validate` returns the first
 * problem, or null.
 */
export function usePublicForm<T>(options: {
  /** The fields, read from the submitted form. */
  read: (form: FormData) => T;
  validate: (fields: T) => string | null;
  send: (fields: T & { hp: string }) => Promise<boolean>;
}) {
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome>({ kind: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const hp = String(form.get('website') ?? '');
    if (hp.trim() !== '') {
      setOutcome({ kind: 'sent' });
      return;
    }
    const fields = options.read(form);
    const problem = options.validate(fields);
    if (problem) {
      setOutcome({ kind: 'invalid', message: problem });
      return;
    }
    setSubmitting(true);
    try {
      setOutcome({ kind: (await options.send({ ...fields, hp })) ? 'sent' : 'failed' });
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, outcome, onSubmit };
}

/** A text field of a submitted form ('' when absent). */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
