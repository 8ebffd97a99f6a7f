import type { ReactNode } from 'react';
import { useTranslation, type TextKey } from '../../lib/i18n';
import { LocalLink } from '../../components/LocalLink';
import { useEditsBeforeHydration } from '../../lib/editsBeforeHydration';
import { FormAlert, Honeypot, SubmitButton } from './fields';
import type { SubmitForm } from './useSubmitForm';

/**
 * The frame of every public form: its own translated messages instead of the browser's
 * bubbles (noValidate), the fields, the honeypot, a refusal shown next to the form, and the
 * send button. `send` returns a refusal's text key to show, or nothing when it succeeded.
 */
export function SubmissionForm<V extends object>({
  form,
  send,
  label,
  testId,
  refusalText = (key) => key,
  children,
}: {
  form: SubmitForm<V>;
  send: (values: V, website: string) => Promise<TextKey | null | void>;
  label?: string;
  testId: string;
  /** The text key shown for a refusal key, when a form words one of them its own way. */
  refusalText?: (key: TextKey) => TextKey;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useEditsBeforeHydration(form.formRef);
  return (
    <form
      ref={form.formRef}
      noValidate
      className="relative grid gap-4"
      aria-label={label}
      data-testid={testId}
      onSubmit={form.handleSubmit(send)}
    >
      {children}
      <Honeypot value={form.website} onChange={form.setWebsite} />
      <FormAlert>{form.formError && t(refusalText(form.formError))}</FormAlert>
      <SubmitButton sending={form.status === 'sending'} />
      {/* The information notice at the point of collection (KVKK art. 10, GDPR art. 13). */}
      <p className="text-xs text-gray-600 dark:text-gray-400" data-testid="privacy-note">
        {t('form.privacyNote')}{' '}
        <LocalLink to="/privacy" className="link">
          {t('form.privacyLink')}
        </LocalLink>
      </p>
    </form>
  );
}
