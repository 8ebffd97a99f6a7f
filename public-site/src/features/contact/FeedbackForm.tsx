import { useTranslation } from '../../lib/i18n';
import { ChoiceGroup, NameAndStudentFields, SuccessPanel, TextArea, TextField } from '../forms/fields';
import { SubmissionForm } from '../forms/SubmissionForm';
import { insertSubmission, useSubmitForm } from '../forms/useSubmitForm';
import { feedbackRow, validateFeedback, type FeedbackKind, type FeedbackValues } from '../forms/validation';
import { useAutoHide } from './useAutoHide';

const initial: FeedbackValues = { name: '', studentNumber: '', email: '', kind: 'suggestion', message: '' };

export function FeedbackForm() {
  const { t } = useTranslation();
  const form = useSubmitForm(initial, validateFeedback);
  useAutoHide(form.status === 'success', form.reset);

  return (
    <section className="card p-6 sm:p-8" aria-labelledby="feedback-form-title">
      <h2 id="feedback-form-title" className="text-xl font-bold">
        {t('contact.feedbackTitle')}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t('contact.feedbackIntro')}</p>
      <div className="mt-5">
        {form.status === 'success' ? (
          <SuccessPanel>
            <p className="font-semibold">{t('contact.feedbackSuccess')}</p>
          </SuccessPanel>
        ) : (
          <SubmissionForm
            form={form}
            testId="feedback-form"
            send={(values, website) => insertSubmission(feedbackRow(values, website))}
          >
            <ChoiceGroup<FeedbackKind>
              label={t('contact.feedbackType')}
              name="feedback-kind"
              value={form.values.kind}
              options={[
                { value: 'complaint', label: t('contact.complaint') },
                { value: 'suggestion', label: t('contact.suggestion') },
              ]}
              onChange={(v) => form.set('kind', v)}
              error={form.errors.kind}
            />
            <NameAndStudentFields form={form} />
            <TextField
              label={t('form.emailOptional')}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
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
