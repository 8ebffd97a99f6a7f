import { ContentEdit } from '../common/ContentForms';
import { EventInputs } from './EventInputs';

export const EventEdit = () => (
  <ContentEdit>
    <EventInputs />
  </ContentEdit>
);
