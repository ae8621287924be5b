import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { MESSAGES } from '@duescan/contracts';
import { errorText } from '../../api/api-error';
import { AuthCard, Field, FormError, SubmitButton } from '../../components/AuthCard';
import { useSession } from '../../session/session-context';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';

export function LoginPage() {
  usePageMeta(PAGE_META['/login']);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await signIn(await (await import('../../api/auth')).login(email, password));
      toast.success(MESSAGES.welcomeBack);
      await navigate('/dashboard');
    } catch (failure) {
      setError(errorText(failure, MESSAGES.loginFailed));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to see your scans and reports."
      authSwitch={{ prompt: "Don't have an account?", to: '/register', label: 'Create one' }}
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <Field label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" />
        <Field
          label="Password"
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          required
          autoComplete="current-password"
        />
        <FormError message={error} />
        <SubmitButton submitting={submitting} idle="Sign in" busy="Signing in..." />
      </form>
    </AuthCard>
  );
}
