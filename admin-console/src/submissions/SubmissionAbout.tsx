import { ReferenceField, useRecordContext } from 'react-admin';
import { LocalizedField } from '../common/LocalizedField';
import type { Rec } from '../types';

/**
 * The event or book a submission is about, by its title in the console's language (one
 * `getMany` per page of rows, batched by react-admin), or nothing for messages.
 */
export const SubmissionAbout = (_props: { label?: string }) => {
  const record = useRecordContext<Rec<'submissions'>>();
  if (!record) return null;
  const [source, reference] = record.event_id ? ['event_id', 'events'] : record.book_id ? ['book_id', 'books'] : [];
  if (!source || !reference) return null;
  return (
    <ReferenceField source={source} reference={reference} link={false}>
      <LocalizedField source="title" />
    </ReferenceField>
  );
};
