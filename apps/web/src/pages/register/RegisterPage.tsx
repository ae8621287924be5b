import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { MESSAGES } from '@duescan/contracts';
import { errorText } from '../../api/api-error';
import { AuthCard, Field, FormError, SubmitButton } from '../../components/AuthCard';
import { useSession } from '../../session/session-context';
import { validateRegister, type RegisterForm } from './validate-register';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';

const EMPTY: RegisterForm = { email: '', company: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  usePageMeta(PAGE_META['/register']);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof RegisterForm) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateRegister(form);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      await signIn(await (await import('../../api/auth')).register({ email: form.email, password: form.password, company: form.company }));
      toast.success(MESSAGES.accountCreated);
      await navigate('/dashboard');
    } catch (failure) {
      setError(errorText(failure, MESSAGES.registrationFailed));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start with a free Quick scan. No card required."
      authSwitch={{ prompt: 'Already have an account?', to: '/login', label: 'Sign in' }}
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <Field label="Email" name="email" type="email" value={form.email} onChange={set('email')} required autoComplete="email" />
        <Field
          label="Company (optional)"
          name="company"
          value={form.company}
          onChange={set('company')}
          autoComplete="organization"
        />
        <Field
          label="Password"
          name="password"
          type="password"
          value={form.password}
          onChange={set('password')}
          required
          autoComplete="new-password"
        />
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          required
          autoComplete="new-password"
        />
        <FormError message={error} />
        <SubmitButton submitting={submitting} idle="Create account" busy="Creating account..." />
        <p className="text-center text-xs text-slate-600">
          By creating an account, you agree to our{' '}
          <Link to="/terms" className="underline hover:text-slate-900">
            terms of service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline hover:text-slate-900">
            privacy policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
