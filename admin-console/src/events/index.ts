import Event from '@mui/icons-material/Event';
import { localizedRepresentation } from '../common/representation';
import { EventList } from './EventList';
import { EventCreate } from './EventCreate';
import { EventEdit } from './EventEdit';

export default {
  list: EventList,
  create: EventCreate,
  edit: EventEdit,
  icon: Event,
  recordRepresentation: localizedRepresentation('title'),
};
