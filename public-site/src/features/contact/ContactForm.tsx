import { useTranslation } from '../../lib/i18n';
import { SuccessPanel, TextArea, TextField } from '../forms/fields';
import { SubmissionForm } from '../forms/SubmissionForm';
import { insertSubmission, useSubmitForm } from '../forms/useSubmitForm';
import { contactRow, validateContact, type ContactValues } from '../forms/validation';
import { useAutoHide } from './useAutoHide';

const initial: ContactValues = { name: '', email: '', message: '' };

export function ContactForm() {
  const { t } = useTranslation();
  const form = useSubmitForm(initial, validateContact);
  useAutoHide(form.status === 'success', form.reset);

  return (
    <section className="card p-6 sm:p-8" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-xl font-bold">
        {t('contact.formTitle')}
      </h2>
      <div className="mt-5">
        {form.status === 'success' ? (
          <SuccessPanel>
            <p className="font-semibold">{t('contact.success')}</p>
          </SuccessPanel>
        ) : (
          <SubmissionForm
            form={form}
            testId="contact-form"
            send={(values, website) => insertSubmission(contactRow(values, website))}
          >
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
              label={t('form.email')}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              required
              value={form.values.email}
              error={form.errors.email}
              onChange={(e) => form.set('email', e.target.value)}
            />
            <TextArea
              label={t('form.message')}
              name="message"
              required
              value={form.values.message}
              error={form.errors.message}
              onChange={(e) => form.set('message', e.target.value)}
            />
          </SubmissionForm>
        )}
      </div>
    </section>
  );
}
