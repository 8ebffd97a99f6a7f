import { Route, Routes, useParams } from 'react-router-dom';
import { AttendeeList } from './AttendeeList';
import { CheckIn } from './CheckIn';

/**
 * /admin/events/:id/attendees (the list, printable and as CSV) and …/attendees/check-in (the
 * phone view), routed under the events resource (a child route in events/index.tsx).
 */
export const AttendeesRoutes = () => {
  const { id = '' } = useParams();
  return (
    <Routes>
      <Route index element={<AttendeeList key={id} eventId={id} />} />
      <Route path="check-in" element={<CheckIn key={id} eventId={id} />} />
    </Routes>
  );
};
