import { useState, type FormEvent } from 'react';

export type FormOutcome = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed' } | { kind: 'invalid'; message: string };

/**
 * Submitting state and outcome of a public form (contact, beta). `hp` is the honeypot: when it is filled the form
 * shows its success and sends nothing (spec section 5). `validate` returns the first problem, or null.
 */
export function usePublicForm(options: { hp: string; validate: () => string | null; send: () => Promise<boolean> }) {
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome>({ kind: 'idle' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (options.hp.trim() !== '') {
      setOutcome({ kind: 'sent' });
      return;
    }
    const problem = options.validate();
    if (problem) {
      setOutcome({ kind: 'invalid', message: problem });
      return;
    }
    setSubmitting(true);
    try {
      setOutcome({ kind: (await options.send()) ? 'sent' : 'failed' });
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, outcome, onSubmit };
}
