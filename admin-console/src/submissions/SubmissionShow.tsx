import { FunctionField, ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar, WithRecord } from 'react-admin';
import { Typography } from '@mui/material';
import { formatDate } from '@union/shared/format';
import { DateText } from '../common/DateText';
import { LocalizedField } from '../common/LocalizedField';
import { useLanguage } from '../common/useLanguage';
import { MailStatus } from './MailStatus';
import { StatusChip } from './StatusChip';
import { SubmissionActions } from './SubmissionActions';
import { msg, useT } from '../i18n/keys';
import type { Rec } from '../types';

const Actions = () => (
  <TopToolbar>
    <SubmissionActions />
  </TopToolbar>
);

/** Fields that apply to the submission's type (others are always empty). */
const has = (type: string, field: string) =>
  ({
    email: true,
    student_number: type !== 'contact',
    event_id: type === 'event_registration' || type === 'evaluation',
    book_id: type === 'book_loan',
    pickup_location: type === 'book_loan',
    loan_date: type === 'book_loan',
    rating: type === 'evaluation',
    message: type !== 'event_registration',
  })[field] ?? true;

export const SubmissionShow = () => {
  const translate = useT();
  const lang = useLanguage();
  return (
    <Show actions={<Actions />} title={translate('submissions.details')}>
      <WithRecord<Rec<'submissions'>>
        render={(record) => (
          <SimpleShowLayout>
            <FunctionField<Rec<'submissions'>> source="type" render={(r) => translate(`submissions.types.${r.type}`)} />
            <StatusChip label={msg('resources.submissions.fields.status')} />
            <DateText source="created_at" withTime />
            <FunctionField<Rec<'submissions'>> source="name" render={(r) => <bdi>{r.name}</bdi>} />
            {has(record.type, 'email') && <TextField source="email" emptyText="—" />}
            {has(record.type, 'student_number') && <TextField source="student_number" emptyText="—" />}
            {has(record.type, 'event_id') && (
              <ReferenceField source="event_id" reference="events" link="edit">
                <LocalizedField source="title" />
              </ReferenceField>
            )}
            {has(record.type, 'book_id') && (
              <ReferenceField source="book_id" reference="books" link="edit">
                <LocalizedField source="title" />
              </ReferenceField>
            )}
            {has(record.type, 'pickup_location') && (
              <FunctionField<Rec<'submissions'>>
                source="pickup_location"
                render={(r) => (r.pickup_location ? translate(`submissions.pickup.${r.pickup_location}`) : '—')}
              />
            )}
            {has(record.type, 'loan_date') && <DateText source="loan_date" />}
            {has(record.type, 'rating') && (
              <FunctionField<Rec<'submissions'>>
                source="rating"
                render={(r) => (r.rating ? '★'.repeat(r.rating) + '☆'.repeat(5 - r.rating) : '—')}
              />
            )}
            {has(record.type, 'message') && (
              <FunctionField<Rec<'submissions'>>
                source="message"
                render={(r) => (
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>
                    <bdi>{r.message ?? '—'}</bdi>
                  </Typography>
                )}
              />
            )}
            {record.type === 'book_loan' && record.status === 'approved' && (
              <FunctionField<Rec<'submissions'>>
                source="returned_at"
                render={(r) =>
                  r.returned_at
                    ? translate('submissions.returnedOn', { date: formatDate(r.returned_at, lang) })
                    : translate('submissions.notReturned')
                }
              />
            )}
            {/* Check-in (the event's attendee list sets it). */}
            {record.attended_at && <DateText source="attended_at" withTime />}
            {record.reviewed_at && <DateText source="reviewed_at" withTime />}
            {record.type === 'event_registration' && <MailStatus label="submissions.mail.title" />}
          </SimpleShowLayout>
        )}
      />
    </Show>
  );
};
