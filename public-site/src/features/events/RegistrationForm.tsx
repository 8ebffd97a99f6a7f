import { useTranslation } from '../../lib/i18n';
import { FormAlert, Honeypot, NameAndStudentFields, SubmitButton, SuccessPanel } from '../forms/fields';
import { insertSubmission, isKnownStudent, useSubmitForm } from '../forms/useSubmitForm';
import { registrationRow, validateRegistration, type RegistrationValues } from '../forms/validation';

const initial: RegistrationValues = { name: '', studentNumber: '' };

export function RegistrationForm({ eventId, title }: { eventId: string; title: string }) {
  const { t } = useTranslation();
  const form = useSubmitForm(initial, validateRegistration);

  if (form.status === 'success') {
    return (
      <SuccessPanel
        action={
          <button type="button" className="btn btn-secondary" onClick={form.reset}>
            {t('registration.registerAnother')}
          </button>
        }
      >
        <p className="font-semibold">{t('registration.success')}</p>
        <p className="text-sm">{t('registration.successNote')}</p>
      </SuccessPanel>
    );
  }

  return (
    <form
      ref={form.formRef}
      noValidate
      className="relative grid gap-4"
      aria-label={t('registration.title', { title })}
      data-testid="registration-form"
      onSubmit={form.handleSubmit(async (values, website) => {
        // Friendly early answer; the database checks the number again on insert.
        if ((await isKnownStudent(values.studentNumber)) === false) return 'evaluation.studentNotFound';
        await insertSubmission(registrationRow(values, eventId, website));
      })}
    >
      <NameAndStudentFields form={form} />
      <Honeypot value={form.website} onChange={form.setWebsite} />
      {/* An unexplained failure gets the spec's registration wording; known refusals their own text. */}
      <FormAlert>{form.formError && t(form.formError === 'errors.generic' ? 'registration.error' : form.formError)}</FormAlert>
      <SubmitButton sending={form.status === 'sending'} />
    </form>
  );
}
