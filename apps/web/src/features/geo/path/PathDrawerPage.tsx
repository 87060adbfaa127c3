import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FareQuoteInput, MAP_CENTER } from '@taxi/shared';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { apiData, endpoints } from '../../../api/endpoints';
import { LineLayer } from '../../../components/map/layers';
import { MapView } from '../../../components/map/MapView';
import { useDebounced } from '../../../components/pickers/useDebounced';
import { RefSelect } from '../../../components/RefSelect';
import { formatDuration, formatKm, formatNumber } from '../../../i18n/format';
import { useServices } from '../../bookings/api';
import { PlaceField } from '../../bookings/phone/PlaceField';
import { FareEstimate } from '../../fares/FareEstimate';
import { fareKeys } from '../../fares/keys';
import { DraggablePoints } from './DraggablePoints';
import type { PathPoint } from './pathPoints';
import { useLegRoutes } from './useLegRoutes';

/** The fare engine takes up to 10 stops between the pickup and the dropoff. */
const MAX_POINTS = 12;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The fare engine's season of a quote (the current one), read from the quote FareEstimate asks too. */
function QuoteSeason({ input }: { input: FareQuoteInput }) {
  const { t } = useTranslation();
  const debounced = useDebounced(input, 400);
  const quote = useQuery({
    queryKey: fareKeys.quote(debounced),
    queryFn: ({ signal }) => apiData(endpoints.fareQuote, { body: debounced, signal }),
    retry: false,
    staleTime: 30_000,
  });
  if (!quote.data) return null;
  return (
    <Typography variant="body2" color="textSecondary" data-testid="path-season">
      {t('Season: {{season}}', { season: t(quote.data.season) })}
    </Typography>
  );
}

/**
 * /path_drawer: two points or more, clicked on the map or picked among the city's places, in order; the
 * street route through them leg by leg, its distance and duration, and the fare engine's price for a
 * service in the current season.
 */
export default function PathDrawerPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const [points, setPoints] = useState<PathPoint[]>([]);
  const nextKey = useRef(1);
  const services = useServices();
  const [chosenService, setService] = useState<number | ''>('');
  const serviceId = chosenService || services.data?.[0]?.id || 0;

  const add = (lon: number, lat: number, name?: string) =>
    setPoints((list) =>
      list.length >= MAX_POINTS
        ? list
        : [...list, { key: nextKey.current++, lon: round6(lon), lat: round6(lat), name }],
    );
  const move = (index: number, lon: number, lat: number) =>
    setPoints((list) =>
      list.map((p, i) => (i === index ? { ...p, lon: round6(lon), lat: round6(lat), name: undefined } : p)),
    );
  const remove = (key: number) => setPoints((list) => list.filter((p) => p.key !== key));

  // Asked once the points stop moving (a drag changes them at every mouse move).
  const settled = useDebounced(points, 300);
  const route = useLegRoutes(settled);
  const fareInput = useMemo<FareQuoteInput | null>(() => {
    if (settled.length < 2 || !serviceId) return null;
    const at = (p: PathPoint) => ({ lon: p.lon, lat: p.lat });
    return {
      service_id: serviceId,
      pickup: at(settled[0]),
      dropoff: at(settled[settled.length - 1]),
      stops: settled.slice(1, -1).map(at),
      airport: false,
    };
  }, [settled, serviceId]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Box sx={{ flex: 2, minWidth: 0 }}>
        <MapView name="path-drawer" testId="path-drawer-map" center={MAP_CENTER} sx={{ width: '100%', height: 560 }}>
          <LineLayer id="path-route" coordinates={route.coordinates} colour={theme.palette.primary.main} />
          <DraggablePoints points={points} onAdd={(lon, lat) => add(lon, lat)} onMove={move} />
        </MapView>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t('Click the map to add a point, drag a point to move it.')}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ flex: 1, p: 2, minWidth: 300 }}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('Points')}
            </Typography>
            <PlaceField
              label={t('Add a place')}
              value={null}
              onChange={(place) => {
                if (place) add(Number(place.lon), Number(place.lat), place.name);
              }}
              testId="path-place"
            />
            {points.length === 0 ? (
              <Typography color="textSecondary" sx={{ mt: 1 }}>
                {t('No point yet: click the map or pick a place.')}
              </Typography>
            ) : (
              <List dense component="ol" data-testid="path-points" sx={{ py: 0 }}>
                {points.map((p, i) => (
                  <ListItem
                    key={p.key}
                    disableGutters
                    secondaryAction={
                      <IconButton
                        edge="end"
                        size="small"
                        aria-label={t('Remove point {{number}}', { number: i + 1 })}
                        onClick={() => remove(p.key)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    }
                  >
                    <ListItemText
                      primary={t('Point {{number}}', { number: i + 1 })}
                      secondary={
                        p.name ?? (
                          <Box component="span" dir="ltr">
                            {formatNumber(p.lon, 5)}, {formatNumber(p.lat, 5)}
                          </Box>
                        )
                      }
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Button variant="outlined" size="small" onClick={() => setPoints([])} disabled={points.length === 0}>
              {t('Clear')}
            </Button>
          </Box>

          <Box>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('Route')}
            </Typography>
            {settled.length < 2 ? (
              <Typography color="textSecondary">{t('Set two points or more to see the route.')}</Typography>
            ) : route.error ? (
              <Alert severity="error" data-testid="path-error">
                {errorMessage(route.error, t('No route was found between these points.'))}
              </Alert>
            ) : route.loading ? (
              <LinearProgress aria-label={t('Finding the route…')} />
            ) : (
              <Stack spacing={0.5} data-testid="path-summary">
                <Typography>
                  {t('Distance')}:{' '}
                  <Box component="span" dir="ltr" sx={{ fontWeight: 700 }} data-testid="path-distance">
                    {formatKm(route.metres)}
                  </Box>
                </Typography>
                <Typography>
                  {t('Duration')}:{' '}
                  <Box component="span" sx={{ fontWeight: 700 }} data-testid="path-duration">
                    {formatDuration(route.seconds)}
                  </Box>
                </Typography>
                {route.straightLegs.length > 0 && (
                  <Alert severity="warning" data-testid="path-straight">
                    {t('No street route for legs {{legs}}: a straight line is drawn and counted.', {
                      legs: route.straightLegs.join(', '),
                    })}
                  </Alert>
                )}
              </Stack>
            )}
          </Box>

          <Box>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('Price')}
            </Typography>
            <RefSelect
              label={t('Service')}
              value={services.data?.some((s) => s.id === serviceId) ? serviceId : ''}
              options={services.data}
              onChange={setService}
              error={services.isError}
              helperText={services.isError ? errorMessage(services.error) : undefined}
              sx={{ minWidth: 200, mb: 1 }}
              testId="path-service"
            />
            {fareInput ? (
              <>
                <FareEstimate input={fareInput} />
                <QuoteSeason input={fareInput} />
              </>
            ) : (
              <Typography color="textSecondary">
                {t('Set two points or more and a service to see the price.')}
              </Typography>
            )}
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
