import { Box, Button, Chip, Paper, Stack, TextField, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type GeoLookupDto, MAP_CENTER } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { PinsLayer, pointsToGeoJson } from '../../components/map/layers';
import { MapView } from '../../components/map/MapView';
import { ClickToPick } from '../../components/map/pointLayers';
import { type LonLatPoint, roundCoordinate } from '../../components/map/pointPick';
import { formatNumber } from '../../i18n/format';

/** §9: the city's centre at zoom 12; closer here, where single streets matter. */
const ZOOM = 14;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Typography component="span" color="textSecondary" sx={{ minWidth: 160 }}>
        {label}
      </Typography>
      <Box component="span">{children}</Box>
    </Box>
  );
}

/** Everything the map layers say about one point. */
function LookupResult({ data }: { data: GeoLookupDto }) {
  const { t } = useTranslation();
  const none = t('None');
  return (
    <Stack spacing={1} data-testid="lookup-result">
      <Row label={t('Sector')}>{data.sector?.name ?? none}</Row>
      <Row label={t('Fare zone')}>{data.fare_zone?.name ?? none}</Row>
      <Row label={t('Area clusters')}>{data.area_clusters.map((c) => c.name).join(', ') || none}</Row>
      <Row label={t('Restricted areas')}>
        {data.restricted_areas.length === 0
          ? none
          : data.restricted_areas.map((a) => (
              <Chip
                key={a.id}
                size="small"
                color={a.refuses_pickup || a.refuses_dropoff ? 'error' : 'default'}
                label={a.name}
                sx={{ mr: 0.5 }}
              />
            ))}
      </Row>
      <Row label={t('Blacklist locations')}>
        {data.blacklist.length === 0
          ? none
          : data.blacklist.map((b) => (
              <Chip
                key={b.id}
                size="small"
                color={b.action === 'refuse' ? 'error' : 'warning'}
                label={t('{{name}} ({{reason}})', { name: b.name, reason: b.reason })}
                sx={{ mr: 0.5 }}
              />
            ))}
      </Row>
      <Row label={t('Nearest station')}>
        {data.nearest_station
          ? t('{{name}}, {{metres}} m, {{count}} waiting', {
              name: data.nearest_station.name,
              metres: formatNumber(data.nearest_station.metres),
              count: data.nearest_station.queue.length,
            })
          : none}
      </Row>
      <Row label={t('Services')}>
        {data.services.map((s) => (
          <Chip
            key={s.id}
            size="small"
            variant={s.runs ? 'filled' : 'outlined'}
            color={s.runs ? 'success' : 'default'}
            label={s.runs ? dataLabel(s.name) : t('{{name}} (not here)', { name: dataLabel(s.name) })}
            sx={{ mr: 0.5, mb: 0.5 }}
          />
        ))}
      </Row>
    </Stack>
  );
}

/** /testMaps: click the map or type a point, and see every zone and rule that applies there. */
export default function TestMapsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const [point, setPoint] = useState<[number, number] | null>(null);
  const [lon, setLon] = useState(String(MAP_CENTER[0]));
  const [lat, setLat] = useState(String(MAP_CENTER[1]));
  const lookup = useQuery({
    queryKey: ['geo', 'lookup', point],
    queryFn: ({ signal }) =>
      apiData(endpoints.geoLookup, { query: { lon: point?.[0] ?? 0, lat: point?.[1] ?? 0 }, signal }),
    enabled: point !== null,
  });
  const pins = useMemo(
    () => pointsToGeoJson(point ? [{ lon: point[0], lat: point[1], colour: theme.palette.primary.main }] : []),
    [point, theme.palette.primary.main],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const x = Number(lon);
    const y = Number(lat);
    if (Number.isFinite(x) && Number.isFinite(y)) setPoint([x, y]);
  };
  const pick = (picked: LonLatPoint) => {
    const x = roundCoordinate(picked.lon);
    const y = roundCoordinate(picked.lat);
    setLon(String(x));
    setLat(String(y));
    setPoint([x, y]);
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Box sx={{ flex: 2, minWidth: 0 }}>
        <MapView
          name="test-maps"
          testId="test-maps-map"
          center={MAP_CENTER}
          zoom={ZOOM}
          sx={{ width: '100%', height: 520 }}
        >
          <PinsLayer id="test-point" points={pins} />
          <ClickToPick onPick={pick} />
        </MapView>
      </Box>
      <Paper variant="outlined" sx={{ flex: 1, p: 2, minWidth: 280 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('Point')}
        </Typography>
        <Stack component="form" direction="row" spacing={1} onSubmit={submit} sx={{ mb: 2 }}>
          <TextField size="small" label={t('Longitude')} value={lon} onChange={(e) => setLon(e.target.value)} />
          <TextField size="small" label={t('Latitude')} value={lat} onChange={(e) => setLat(e.target.value)} />
          <Button type="submit" variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('Look up')}
          </Button>
        </Stack>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('What applies here')}
        </Typography>
        {!point && <Typography color="textSecondary">{t('Click the map or type a point.')}</Typography>}
        {lookup.data && <LookupResult data={lookup.data} />}
      </Paper>
    </Stack>
  );
}
