import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import { Alert, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { cityEventsResource, pathTo, RESOURCE_MSG } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useResourceRow } from '../../components/DataTable/api';
import { EventForm } from './EventForm';

/** /events/{id}: the event's form with its small map (the place and the radius around it). */
export default function EventPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id) || null;
  const row = useResourceRow(cityEventsResource, cityEventsResource.url, id);
  const back = () => navigate(pathTo('Events'));
  const data = row.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {typeof data?.name === 'string' ? data.name : t('Event')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {data && (
            <Button
              startIcon={<AssessmentIcon />}
              component={RouterLink}
              to={`${pathTo('EventsReport')}?event_id=${data.id}`}
            >
              {t('Events report')}
            </Button>
          )}
          <Button component={RouterLink} to={pathTo('Events')}>
            {RESOURCE_MSG.backToList}
          </Button>
        </Stack>
      </Stack>
      {row.isLoading && <LinearProgress />}
      {(row.isError || id === null) && (
        <Alert severity="error">{errorMessage(row.error) || RESOURCE_MSG.notFound}</Alert>
      )}
      {data && (
        // The form's map shows the place and the radius (one map: two would be two landmarks named alike).
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
          <EventForm def={cityEventsResource} url={cityEventsResource.url} row={data} onSaved={back} onCancel={back} />
        </Paper>
      )}
    </Stack>
  );
}
