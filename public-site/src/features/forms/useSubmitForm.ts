import { useCallback, useRef, useState, type FormEvent } from 'react';
import { errorKeyOf } from '@union/shared/errors';
import { submit } from '@union/shared/submit';
import { normalizeStudentNumber } from '@union/shared/validation';
import { restClient } from '../../lib/rest';
import type { TextKey } from '../../lib/i18n';
import type { FieldErrors, SubmissionRow } from './validation';

export type SubmitStatus = 'idle' | 'sending' | 'success';

/** Sends a submission. Nothing comes back: visitors may create submissions but never read them. */
export async function insertSubmission(row: SubmissionRow): Promise<void> {
  const { error } = await submit(await restClient(), row);
  if (error) throw error;
}

/**
 * Sends an event registration; the database answers whether it holds a seat or, the event being
 * full, waits on the waitlist (docs/data-model.md "Seats and the waitlist").
 */
export async function insertRegistration(row: SubmissionRow): Promise<{ waitlisted: boolean }> {
  const { data, error } = await submit(await restClient(), row);
  if (error) throw error;
  return { waitlisted: data?.waitlisted === true };
}

/**
 * Yes/no from the database for a friendly early message. Any failure answers "unknown"
 * (null): the insert's own check then decides.
 */
export async function isKnownStudent(studentNumber: string): Promise<boolean | null> {
  // Normalized exactly as the inserted row is, so "٢٠٢١…" typed on an Arabic keyboard is known too.
  const { data, error } = await (
    await restClient()
  ).rpc('is_known_student', { student_number: normalizeStudentNumber(studentNumber) });
  if (error || typeof data !== 'boolean') return null;
  return data;
}

/**
 * Form state shared by all public forms: values, field errors, a form-level message (a
 * translation key), and the send → success cycle. Values are kept on a refusal so nothing
 * the visitor typed is lost.
 */
export function useSubmitForm<V extends object>(
  initial: V,
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof V, string>>>({});
  const [formError, setFormError] = useState<TextKey | null>(null);
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const [website, setWebsite] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  }, []);

  const handleSubmit =
    (send: (values: V, website: string) => Promise<TextKey | null | void>) => async (event: FormEvent) => {
      event.preventDefault();
      if (status === 'sending') return;
      const found = validate(values);
      setErrors(found);
      setFormError(null);
      if (Object.keys(found).length > 0) {
        // Move focus to the first invalid field so keyboard and screen-reader users find it.
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
      setStatus('sending');
      try {
        const refusal = await send(values, website);
        if (refusal) {
          setFormError(refusal);
          setStatus('idle');
          return;
        }
        setStatus('success');
        setValues(initial);
        setWebsite('');
      } catch (error) {
        setFormError(`errors.${errorKeyOf(error)}`);
        setStatus('idle');
      }
    };

  const reset = useCallback(() => setStatus('idle'), []);

  return { values, set, errors, formError, status, website, setWebsite, handleSubmit, formRef, reset };
}

/** What useSubmitForm gives a form over values `V`. */
export type SubmitForm<V extends object> = ReturnType<typeof useSubmitForm<V>>;
