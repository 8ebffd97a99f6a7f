import Event from '@mui/icons-material/Event';
import { localizedRepresentation } from '../common/representation';
import { EventList } from './EventList';
import { EventCreate } from './EventCreate';
import { EventEdit } from './EventEdit';
import { attendeesRoute } from './attendees';

export default {
  list: EventList,
  create: EventCreate,
  edit: EventEdit,
  icon: Event,
  recordRepresentation: localizedRepresentation('title'),
  // The attendee list and check-in of an event: /events/:id/attendees(/check-in).
  children: attendeesRoute,
};
