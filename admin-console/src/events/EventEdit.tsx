import { TopToolbar } from 'react-admin';
import { ContentEdit } from '../common/ContentForms';
import { EventInputs } from './EventInputs';
import { AttendeesButton } from './attendees/AttendeesButton';

export const EventEdit = () => (
  <ContentEdit
    actions={
      <TopToolbar>
        <AttendeesButton />
        <AttendeesButton checkIn />
      </TopToolbar>
    }
  >
    <EventInputs />
  </ContentEdit>
);
