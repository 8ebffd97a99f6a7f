import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation, type TextKey } from '../../lib/i18n';
import { Icon } from '../../components/Icon';

interface FieldProps {
  label: string;
  /** Translation key of the field's error, if any. */
  error?: TextKey;
  required?: boolean;
  /** A line under the field saying what it is for (read with the field by screen readers). */
  hint?: string;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={htmlFor} className="field-label">
      {label}
      {required && (
        <span className="text-red-700 dark:text-red-300" aria-hidden="true">
          {' *'}
        </span>
      )}
      {required && <span className="sr-only"> ({t('common.required')})</span>}
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error?: TextKey }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {t(error)}
    </p>
  );
}

export function TextField({
  label,
  error,
  required,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div>
      <Label htmlFor={id} label={label} required={required} />
      <input
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-required={required || undefined}
        {...input}
      />
      <ErrorText id={`${id}-error`} error={error} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextArea({
  label,
  error,
  required,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} label={label} required={required} />
      <textarea
        id={id}
        rows={4}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        {...input}
      />
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A group of radio buttons styled as segmented choices (pickup place, complaint/suggestion). */
export function ChoiceGroup<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: V | '';
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  error?: TextKey;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-400 px-3 py-2 has-checked:border-brand has-checked:bg-brand/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-amber-500 dark:border-gray-500 dark:has-checked:border-brand-soft"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="accent-brand"
            />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/**
 * The spam trap: a field named "website" that people never see, hear or reach with the
 * keyboard (off-screen, aria-hidden, tabindex -1, no autofill), while naive bots fill it in.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="honeypot">
      <label>
        {t('form.honeypot')}
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}

/** Refusals from the database (or the student check), shown next to the form, which keeps its values. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      data-testid="form-alert"
    >
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

export function SuccessPanel({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-xl border border-green-300 bg-green-50 p-5 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
      data-testid="success-panel"
    >
      <div className="flex items-start gap-3">
        <Icon name="check" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1">{children}</div>
      </div>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

export function SubmitButton({ sending }: { sending: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={sending} aria-disabled={sending}>
      {sending && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-current border-e-transparent"
          aria-hidden="true"
        />
      )}
      {t(sending ? 'form.sending' : 'form.send')}
    </button>
  );
}

/** The form state NameAndStudentFields needs (any useSubmitForm over values with these two). */
interface StudentIdentityForm {
  values: { name: string; studentNumber: string };
  errors: { name?: TextKey; studentNumber?: TextKey };
  set(key: 'name' | 'studentNumber', value: string): void;
}

/** Name and student number: the first fields of every form that names a student. */
export function NameAndStudentFields({ form }: { form: StudentIdentityForm }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('form.name')}
        name="name"
        autoComplete="name"
        required
        value={form.values.name}
        error={form.errors.name}
        onChange={(e) => form.set('name', e.target.value)}
      />
      <TextField
        label={t('form.studentId')}
        name="studentNumber"
        inputMode="numeric"
        required
        value={form.values.studentNumber}
        error={form.errors.studentNumber}
        onChange={(e) => form.set('studentNumber', e.target.value)}
      />
    </>
  );
}
