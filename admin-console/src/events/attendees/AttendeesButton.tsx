import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import People from '@mui/icons-material/People';
import HowToReg from '@mui/icons-material/HowToReg';
import { useConsolePath } from '../../common/useConsolePath';
import { useT } from '../../i18n/keys';
import type { Rec } from '../../types';

/** From an event (its row or its edit page) to its attendee list, or straight to check-in. */
export const AttendeesButton = ({ checkIn = false }: { checkIn?: boolean }) => {
  const record = useRecordContext<Rec<'events'>>();
  const translate = useT();
  const path = useConsolePath();
  if (!record) return null;
  const to = path(`/events/${record.id}/attendees${checkIn ? '/check-in' : ''}`);
  return (
    <Button
      size="small"
      component={RouterLink}
      to={to}
      startIcon={checkIn ? <HowToReg /> : <People />}
      onClick={(e) => e.stopPropagation()}
    >
      {translate(checkIn ? 'events.attendees.checkIn' : 'events.attendees.open')}
    </Button>
  );
};
