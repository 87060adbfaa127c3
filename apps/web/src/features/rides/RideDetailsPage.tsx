import { Box } from '@mui/material';
import { useParams } from 'react-router';
import { RideDetails } from './RideDetails';

/** /rides/{id} (route name Details). */
export default function RideDetailsPage() {
  const { id } = useParams();
  const bookingId = Number(id);
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <RideDetails key={bookingId} bookingId={Number.isInteger(bookingId) ? bookingId : 0} />
    </Box>
  );
}
