import { useTranslation } from '../../lib/i18n';
import { NameAndStudentFields, SuccessPanel, TextArea } from '../forms/fields';
import { SubmissionForm } from '../forms/SubmissionForm';
import { insertSubmission, isKnownStudent, useSubmitForm } from '../forms/useSubmitForm';
import { evaluationRow, validateEvaluation, type EvaluationValues } from '../forms/validation';
import { StarRating } from './StarRating';

const initial: EvaluationValues = { name: '', studentNumber: '', rating: 0, message: '' };

export function EvaluationForm({ eventId, title }: { eventId: string; title: string }) {
  const { t } = useTranslation();
  const form = useSubmitForm(initial, validateEvaluation);

  if (form.status === 'success') {
    return (
      <SuccessPanel>
        <p className="font-semibold">{t('evaluation.success')}</p>
      </SuccessPanel>
    );
  }

  return (
    <SubmissionForm
      form={form}
      label={t('evaluation.title', { title })}
      testId="evaluation-form"
      send={async (values, website) => {
        // docs/decisions.md, "Forms": an unknown number gets this message and nothing is saved (the database agrees).
        if ((await isKnownStudent(values.studentNumber)) === false) return 'evaluation.studentNotFound';
        await insertSubmission(evaluationRow(values, eventId, website));
      }}
    >
      <NameAndStudentFields form={form} />
      <StarRating value={form.values.rating} onChange={(n) => form.set('rating', n)} error={form.errors.rating} />
      <TextArea
        label={t('evaluation.feedback')}
        name="message"
        required
        value={form.values.message}
        error={form.errors.message}
        onChange={(e) => form.set('message', e.target.value)}
      />
    </SubmissionForm>
  );
}
