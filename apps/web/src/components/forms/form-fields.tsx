import type { ReactNode } from 'react';

const inputStyle =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none';

function Label({ text, required, children }: { text: string; required?: boolean; children: ReactNode }) {
  return (
    <label className="block">
      <span className="text-sm font-medium text-slate-700">
        {text}
        {required ? '' : ' (optional)'}
      </span>
      {children}
    </label>
  );
}

// The public forms' fields are uncontrolled: the form reads them at submit (FormData), so what a visitor types
// into the prerendered page before the script has started is kept.

export function TextField({ label, name, type = 'text', required = false, autoComplete }: { label: string; name: string; type?: string; required?: boolean; autoComplete?: string }) {
  return (
    <Label text={label} required={required}>
      <input name={name} type={type} required={required} autoComplete={autoComplete} className={inputStyle} />
    </Label>
  );
}

export function SelectField({
  label,
  name,
  options,
  required = false,
  placeholder,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  placeholder: string;
}) {
  return (
    <Label text={label} required={required}>
      <select name={name} required={required} defaultValue="" className={inputStyle}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Label>
  );
}

export function TextAreaField({ label, name }: { label: string; name: string }) {
  return (
    <Label text={label} required>
      <textarea name={name} required rows={5} maxLength={5000} className={inputStyle} />
    </Label>
  );
}

/**
 * The honeypot (spec section 5): a "website" field people never see or reach with the keyboard; form robots fill
 * it. Off-screen rather than display:none, which some robots skip.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
