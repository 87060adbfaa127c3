import { FormControlLabel, Switch, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { geoPolicy, SUPPLY_DEMAND_MSG as M, type SupplyDemandDto } from '@taxi/shared';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { useSectorShapes } from '../../components/map/basemap';
import { mapPalette } from '../../components/map/palette';
import { type SectorPaint, SectorsLayer } from '../../components/map/SectorsLayer';
import { formatNumber } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { SupplyDemandLegend } from './SupplyDemandLegend';
import { useSupplyDemandShown } from './supplyDemandToggle';

/** Polled: bookings and captains change all the time, and ten seconds is fresh enough for a balance. */
const REFRESH_MS = 10_000;
const SOURCE = 'supply-demand';

function Layer({ data }: { data: SupplyDemandDto | undefined }) {
  const theme = useTheme();
  const palette = mapPalette(theme.palette.mode === 'dark');
  const shapes = useSectorShapes();
  const paint = useMemo<SectorPaint[]>(
    () =>
      (data?.sectors ?? [])
        .filter((s) => s.level !== 'none')
        .map((s) => ({
          id: s.id,
          colour: s.level === 'none' ? null : palette.heat[s.level],
          // No spaces around the slash: a lone separator between two numbers keeps them in reading order
          // when the page reads right-to-left (the bidi rules would otherwise swap "0 / 4" into "4 / 0").
          label: `${formatNumber(s.waiting, 0)}/${formatNumber(s.free, 0)}`,
        })),
    [data, palette],
  );
  return <SectorsLayer id={SOURCE} shapes={shapes} paint={paint} below="captains-clusters" />;
}

/**
 * Waiting bookings against free captains per sector on the tracking map, as a layer one can switch on:
 * `toggle` goes in the page's controls, `layer` and `legend` inside its MapView. Nothing for a user who may
 * not see it.
 */
export function useSupplyDemandLayer(): { toggle: ReactNode; layer: ReactNode } {
  useTranslation();
  const allows = usePolicy();
  const allowed = allows(geoPolicy.supplyDemand);
  const [shown, setShown] = useSupplyDemandShown();
  const query = useQuery({
    queryKey: ['geo', 'supply-demand'],
    queryFn: ({ signal }) => apiData(endpoints.supplyDemand, { signal }),
    enabled: allowed && shown,
    refetchInterval: REFRESH_MS,
  });
  if (!allowed) return { toggle: null, layer: null };
  return {
    toggle: (
      <FormControlLabel
        control={<Switch size="small" checked={shown} onChange={(e) => setShown(e.target.checked)} />}
        label={M.toggle}
        data-testid="supply-demand-toggle"
      />
    ),
    layer: shown ? (
      <>
        <Layer data={query.data} />
        <SupplyDemandLegend data={query.data} />
      </>
    ) : null,
  };
}
