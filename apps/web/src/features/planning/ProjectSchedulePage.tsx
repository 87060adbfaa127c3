import { Stack, Typography } from '@mui/material';
import { PROJECT_SCHEDULE_MSG as M } from '@taxi/shared';
import { useParams } from 'react-router';
import { useCurrentUser } from '../auth/currentUser';
import { ProjectScheduleCalendar } from './ProjectScheduleCalendar';
import { ProjectScheduleForm } from './ProjectScheduleForm';

/** UserProjectScheduleCalendar (/users/{id}/project_schedule): the form for one's own, and the calendar. */
export default function ProjectSchedulePage() {
  const { id } = useParams();
  const me = useCurrentUser();
  const userId = Number(id) || 0;
  return (
    <Stack spacing={2}>
      {userId === me.id && (
        <Stack spacing={1} component="section" aria-labelledby="schedule-heading">
          <Typography variant="h6" component="h2" id="schedule-heading">
            {M.heading}
          </Typography>
          <ProjectScheduleForm />
        </Stack>
      )}
      <Stack spacing={1} component="section" aria-labelledby="calendar-heading">
        <Typography variant="h6" component="h2" id="calendar-heading">
          {M.calendar}
        </Typography>
        <ProjectScheduleCalendar userId={userId} />
      </Stack>
    </Stack>
  );
}
