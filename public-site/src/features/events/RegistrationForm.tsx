import { useState } from 'react';
import { useQueryCache } from '../../lib/data';
import { useTranslation } from '../../lib/i18n';
import { NameAndStudentFields, SuccessPanel, TextField } from '../forms/fields';
import { SubmissionForm } from '../forms/SubmissionForm';
import { insertRegistration, isKnownStudent, useSubmitForm } from '../forms/useSubmitForm';
import { registrationRow, validateRegistration, type RegistrationValues } from '../forms/validation';
import { placesLeftQuery } from './seats';

const initial: RegistrationValues = { name: '', studentNumber: '', email: '' };

export function RegistrationForm({ eventId, title }: { eventId: string; title: string }) {
  const { t, lang } = useTranslation();
  const form = useSubmitForm(initial, validateRegistration);
  const [waitlisted, setWaitlisted] = useState(false);
  // Only a registration with an email is told of mails to come (docs/mail.md).
  const [mailed, setMailed] = useState(false);
  const cache = useQueryCache();

  if (form.status === 'success') {
    return (
      <SuccessPanel
        action={
          <button type="button" className="btn btn-secondary" onClick={form.reset}>
            {t('registration.registerAnother')}
          </button>
        }
      >
        {waitlisted ? (
          <>
            <p className="font-semibold" data-testid="registration-waitlisted">
              {t('registration.waitlisted')}
            </p>
            <p className="text-sm">{t(mailed ? 'registration.waitlistedNoteMail' : 'registration.waitlistedNote')}</p>
          </>
        ) : (
          <>
            <p className="font-semibold">{t('registration.success')}</p>
            <p className="text-sm" data-testid="registration-note">
              {t(mailed ? 'registration.successNoteMail' : 'registration.successNote')}
            </p>
          </>
        )}
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
        const answer = await insertRegistration(registrationRow(values, eventId, website, lang));
        setWaitlisted(answer.waitlisted);
        setMailed(values.email.trim() !== '');
        // One seat fewer (or the waitlist longer): the cards show the new number.
        void cache.fetch(placesLeftQuery, true);
      }}
    >
      <NameAndStudentFields form={form} />
      <TextField
        label={t('registration.email')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        value={form.values.email}
        error={form.errors.email}
        hint={t('registration.emailHint')}
        onChange={(e) => form.set('email', e.target.value)}
      />
    </SubmissionForm>
  );
}
