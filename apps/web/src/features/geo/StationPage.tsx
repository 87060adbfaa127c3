import { List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { stationsResource } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiData, endpoints } from '../../api/endpoints';
import { ResourceFormPage } from '../../components/DataTable/ResourcePage';
import { formatDateTime } from '../../i18n/format';

/** How often the queue is read again while the page is open. */
const QUEUE_REFRESH_MS = 5000;

/** A station's waiting captains, head first, refreshed while the page is open. */
function StationQueue({ id }: { id: number }) {
  const { t } = useTranslation();
  const queue = useQuery({
    queryKey: ['geo', 'station-queue', id],
    queryFn: ({ signal }) => apiData(endpoints.stationQueue, { params: { id }, signal }),
    refetchInterval: QUEUE_REFRESH_MS,
  });
  const captains = queue.data?.captains ?? [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 2, maxWidth: 640 }}
      component="section"
      aria-labelledby="station-queue-title"
    >
      <Typography variant="h6" component="h2" id="station-queue-title">
        {t('Queue')}
      </Typography>
      {captains.length === 0 ? (
        <Typography color="textSecondary">{t('No captain is waiting at this station.')}</Typography>
      ) : (
        <List dense data-testid="station-queue">
          {captains.map((c, i) => (
            <ListItem key={c.captain_id} disableGutters>
              <ListItemText
                primary={t('{{position}}. {{name}}', { position: i + 1, name: c.name })}
                secondary={t('Waiting since {{time}}', { time: formatDateTime(c.since) })}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** /stations/{id}: the station's form and its live queue. */
export default function StationPage() {
  const { id } = useParams();
  const stationId = Number(id);
  return (
    <>
      <ResourceFormPage def={stationsResource} mode="edit" />
      {Number.isInteger(stationId) && stationId > 0 && <StationQueue id={stationId} />}
    </>
  );
}
