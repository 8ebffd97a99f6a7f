import { ContentEdit } from '../common/ContentForms';
import { EventInputs } from './EventInputs';
import { AttendeesButton } from './attendees/AttendeesButton';

export const EventEdit = () => (
  <ContentEdit
    actions={
      <>
        <AttendeesButton />
        <AttendeesButton checkIn />
      </>
    }
  >
    <EventInputs />
  </ContentEdit>
);
