import { ContentCreate } from '../common/ContentForms';
import { EventInputs } from './EventInputs';

export const EventCreate = () => (
  <ContentCreate defaultValues={{ registration_open: true }}>
    <EventInputs />
  </ContentCreate>
);
