import { Box, Chip, Stack } from '@mui/material';
import {
  BOOKING_COLOURS,
  type BookingDto,
  type BookingStatusDto,
  isLiveTracking,
  isRouteFetched,
  MAP_CENTER,
  RIDE_MAP_ZOOM,
  RIDE_UI,
  ROUTE_DRAWN_STATUSES,
} from '@taxi/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LineLayer, type PinPoint, PinsLayer, pointsToGeoJson } from '../../components/map/layers';
import { MapView } from '../../components/map/MapView';
import { useRideRoute } from './api';
import { CentreOnce, FitRouteButton } from './RideMapControls';
import { useLiveCaptain } from './realtime';

export const RIDE_MAP_COLOURS = {
  pickup: '#2e7d32',
  dropoff: '#c62828',
  captain: '#ff6f00',
  status: '#6d4c41',
  route: '#1976d2',
} as const;

const EMPTY: [number, number][] = [];

function Legend({ colour, label, line }: { colour: string; label: string; line?: boolean }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-testid="ride-legend-item">
      <Box
        sx={{
          width: line ? 18 : 12,
          height: line ? 4 : 12,
          borderRadius: line ? 1 : '50%',
          bgcolor: colour,
          border: line ? 0 : '2px solid',
          borderColor: 'background.paper',
          boxShadow: line ? 0 : '0 0 0 1px rgba(0,0,0,.25)',
          flex: 'none',
        }}
      />
      <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
        {label}
      </Box>
    </Stack>
  );
}

/**
 * Pickup and dropoff pins, where each status happened, the captain live and the route. The map opens at zoom 16 on
 * the captain (live) or the pickup (bookings.md §9) and frames pickup, dropoff and route only when the operator asks
 * (Fit route); the legend lists only what is drawn.
 */
export function RideMap({
  booking,
  statuses,
  height = 380,
}: {
  booking: BookingDto;
  statuses: BookingStatusDto[];
  height?: number;
}) {
  useTranslation();
  const live = isLiveTracking(booking.status, booking.now);
  const captainId = booking.ride?.captain_id ?? null;
  const captain = useLiveCaptain(captainId, live);
  const route = useRideRoute(booking.ride_id, isRouteFetched(booking.status, !!booking.ride_id));
  const drawRoute = ROUTE_DRAWN_STATUSES.includes(booking.status);

  const [pickLon, pickLat] = booking.pick_up_location?.coordinates ?? MAP_CENTER;
  const drop = booking.pull_down_location?.coordinates ?? null;
  const ends = useMemo(() => {
    const points: PinPoint[] = [{ lon: pickLon, lat: pickLat, colour: RIDE_MAP_COLOURS.pickup }];
    if (drop) points.push({ lon: drop[0], lat: drop[1], colour: RIDE_MAP_COLOURS.dropoff });
    return pointsToGeoJson(points);
  }, [pickLon, pickLat, drop]);

  const located = useMemo(() => statuses.filter((s) => s.location), [statuses]);
  const statusPoints = useMemo(
    () =>
      pointsToGeoJson(
        located.map((s) => ({
          lon: s.location?.coordinates[0] ?? 0,
          lat: s.location?.coordinates[1] ?? 0,
          colour: (BOOKING_COLOURS as Record<string, string>)[s.status] ?? RIDE_MAP_COLOURS.status,
        })),
      ),
    [located],
  );

  const captainPoint = useMemo(
    () => pointsToGeoJson(captain ? [{ lon: captain.lon, lat: captain.lat, colour: RIDE_MAP_COLOURS.captain }] : []),
    [captain],
  );

  const routeCoords = useMemo<[number, number][]>(
    () => (drawRoute && route.data ? route.data.route.map((p) => [p.lng, p.lat]) : EMPTY),
    [drawRoute, route.data],
  );
  const hasRoute = routeCoords.length >= 2;

  // Pickup, dropoff and the whole route: what Fit route frames.
  const framed = useMemo<[number, number][]>(
    () => [[pickLon, pickLat], ...(drop ? [[drop[0], drop[1]] as [number, number]] : []), ...routeCoords],
    [pickLon, pickLat, drop, routeCoords],
  );

  return (
    <Box>
      <MapView name="ride" center={[pickLon, pickLat]} zoom={RIDE_MAP_ZOOM} sx={{ height }}>
        <LineLayer id="ride-route" coordinates={routeCoords} colour={RIDE_MAP_COLOURS.route} />
        <PinsLayer id="ride-statuses" points={statusPoints} radius={5} />
        <PinsLayer id="ride-ends" points={ends} radius={9} />
        <PinsLayer id="ride-captain" points={captainPoint} radius={8} />
        <CentreOnce at={captain ? [captain.lon, captain.lat] : null} />
        <FitRouteButton coordinates={framed} />
      </MapView>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}
        useFlexGap
        data-testid="ride-legend"
      >
        <Legend colour={RIDE_MAP_COLOURS.pickup} label={RIDE_UI.legendPickup} />
        {drop && <Legend colour={RIDE_MAP_COLOURS.dropoff} label={RIDE_UI.legendDropoff} />}
        {located.length > 0 && <Legend colour={RIDE_MAP_COLOURS.status} label={RIDE_UI.legendStatus} />}
        {captain && <Legend colour={RIDE_MAP_COLOURS.captain} label={RIDE_UI.legendCaptain} />}
        {hasRoute && <Legend colour={RIDE_MAP_COLOURS.route} label={RIDE_UI.legendRoute} line />}
        {live && <Chip size="small" color="primary" variant="outlined" label={RIDE_UI.liveOn} />}
      </Stack>
    </Box>
  );
}
