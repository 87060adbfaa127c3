import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { cityEventsResource, pathTo, RESOURCE_MSG } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useResourceRow } from '../../components/DataTable/api';
import { EventForm } from './EventForm';
import { PointMap } from './PointMap';

/** /events/{id}: the event's form, and a small map with its place and radius as saved. */
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
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <EventForm
              def={cityEventsResource}
              url={cityEventsResource.url}
              row={data}
              onSaved={back}
              onCancel={back}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, alignSelf: 'start' }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('Map of the event')}
            </Typography>
            <PointMap
              point={{ lat: Number(data.lat), lon: Number(data.lon) }}
              radius={Number(data.radius_m)}
              name={String(data.name)}
              testId="event-map"
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('Radius {{meters}} m', { meters: Number(data.radius_m) })}
            </Typography>
          </Paper>
        </Box>
      )}
    </Stack>
  );
}
