import { useTranslation } from '../../lib/i18n';
import { NameAndStudentFields, SuccessPanel } from '../forms/fields';
import { SubmissionForm } from '../forms/SubmissionForm';
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
    <SubmissionForm
      form={form}
      label={t('registration.title', { title })}
      testId="registration-form"
      // An unexplained failure gets the general registration wording; known refusals their own text.
      refusalText={(key) => (key === 'errors.generic' ? 'registration.error' : key)}
      send={async (values, website) => {
        // Friendly early answer; the database checks the number again on insert.
        if ((await isKnownStudent(values.studentNumber)) === false) return 'evaluation.studentNotFound';
        await insertSubmission(registrationRow(values, eventId, website));
      }}
    >
      <NameAndStudentFields form={form} />
    </SubmissionForm>
  );
}
