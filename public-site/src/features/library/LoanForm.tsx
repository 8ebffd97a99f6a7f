import { useTranslation } from '../../lib/i18n';
import { PICKUP_LOCATIONS, type PickupLocation } from '@union/shared/constants';
import { settingsQuery } from '../../lib/settings';
import { ChoiceGroup, NameAndStudentFields, SuccessPanel, TextField } from '../forms/fields';
import { SubmissionForm } from '../forms/SubmissionForm';
import { insertSubmission, isKnownStudent, useSubmitForm } from '../forms/useSubmitForm';
import { loanDateRange, loanRow, localToday, validateLoan, type LoanValues } from '../forms/validation';

async function everyoneMayBorrow(): Promise<boolean> {
  try {
    return (await settingsQuery.load()).allStudentsCanBorrow === true;
  } catch {
    return false;
  }
}

export function LoanForm({ bookId, title }: { bookId: string; title: string }) {
  const { t } = useTranslation();
  const initial: LoanValues = { name: '', studentNumber: '', loanDate: localToday(), pickupLocation: 'campus' };
  const form = useSubmitForm(initial, (values: LoanValues) => validateLoan(values));
  // The date picker offers only the days the database accepts; typed dates are checked on send.
  const { min, max } = loanDateRange();

  // docs/decisions.md, "Forms": the loan form stays on its success panel.
  if (form.status === 'success') {
    return (
      <SuccessPanel>
        <p className="font-semibold">{t('library.loanSuccess')}</p>
      </SuccessPanel>
    );
  }

  return (
    <SubmissionForm
      form={form}
      label={t('library.loanTitle', { title })}
      testId="loan-form"
      // The union's own sentence for an unknown number (docs/decisions.md, "Forms"), whether the early check or the database refused it.
      refusalText={(key) => (key === 'errors.student_not_found' ? 'library.studentNotFound' : key)}
      send={async (values, website) => {
        // Unless the union lets everyone borrow, an unknown number is refused (the database agrees).
        if (!(await everyoneMayBorrow()) && (await isKnownStudent(values.studentNumber)) === false)
          return 'library.studentNotFound';
        await insertSubmission(loanRow(values, bookId, website));
      }}
    >
      <NameAndStudentFields form={form} />
      <TextField
        label={t('library.loanDate')}
        name="loanDate"
        type="date"
        required
        min={min}
        max={max}
        value={form.values.loanDate}
        error={form.errors.loanDate}
        onChange={(e) => form.set('loanDate', e.target.value)}
      />
      <ChoiceGroup<PickupLocation>
        label={t('library.pickupLocation')}
        name={`pickup-${bookId}`}
        value={form.values.pickupLocation as PickupLocation}
        options={PICKUP_LOCATIONS.map((p) => ({ value: p, label: t(`library.pickup.${p}`) }))}
        onChange={(v) => form.set('pickupLocation', v)}
        error={form.errors.pickupLocation}
      />
    </SubmissionForm>
  );
}
