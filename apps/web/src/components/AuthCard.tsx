import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo';

/** The link to the other auth page ("Don't have an account? Create one") shown under the card. */
export interface AuthSwitch {
  prompt: string;
  to: string;
  label: string;
}

// Both auth pages link to each other and to pricing (spec: Login links to register and to pricing).
function AuthFooter({ prompt, to, label }: AuthSwitch) {
  return (
    <>
      <p>
        {prompt}{' '}
        <Link to={to} className="font-semibold text-indigo-600 hover:text-indigo-500">
          {label}
        </Link>
      </p>
      <p className="mt-2">
        <Link to="/pricing" className="font-medium text-slate-600 underline hover:text-slate-900">
          View pricing
        </Link>
      </p>
    </>
  );
}

export function AuthCard({ title, subtitle, children, authSwitch }: { title: string; subtitle: string; children: ReactNode; authSwitch: AuthSwitch }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <Logo />
      <div className="mt-8 w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
      <div className="mt-6 text-center text-sm text-slate-600">
        <AuthFooter {...authSwitch} />
      </div>
    </main>
  );
}

export function Field({
  label,
  name,
  type = 'text',
  value,
  onChange,
  required = false,
  autoComplete,
  placeholder,
}: {
  label: string;
  name: string;
  type?: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
}) {
  return (
    <label className="block">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <input
        name={name}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
    </label>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

export function SubmitButton({ submitting, idle, busy }: { submitting: boolean; idle: string; busy: string }) {
  return (
    <button
      type="submit"
      disabled={submitting}
      className="w-full rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {submitting ? busy : idle}
    </button>
  );
}
