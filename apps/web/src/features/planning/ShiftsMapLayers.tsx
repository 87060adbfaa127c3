import { useTheme } from '@mui/material';
import { coverageStep, type ShiftsMapDto } from '@taxi/shared';
import { useMemo } from 'react';
import type { SectorShape } from '../../components/map/basemap';
import { PinsLayer, pointsToGeoJson } from '../../components/map/layers';
import { mapPalette } from '../../components/map/palette';
import { type SectorPaint, SectorsLayer } from '../../components/map/SectorsLayer';
import { formatNumber } from '../../i18n/format';

/** Every sector coloured by its captains planned (none: the gap colour), the count written on it. */
export function PlannedSectorsLayer({
  shapes,
  data,
  selectedId,
  onSelect,
}: {
  shapes: ReadonlyMap<number, SectorShape>;
  data: ShiftsMapDto | undefined;
  selectedId: number | null;
  onSelect: (sectorId: number) => void;
}) {
  const theme = useTheme();
  const palette = mapPalette(theme.palette.mode === 'dark');
  const paint = useMemo<SectorPaint[]>(() => {
    const planned = new Map((data?.sectors ?? []).map((s) => [s.id, s.planned]));
    return [...shapes.keys()].map((id) => {
      const n = planned.get(id) ?? 0;
      return { id, colour: palette.coverage[coverageStep(n)], label: formatNumber(n, 0) };
    });
  }, [shapes, data, palette]);
  return <SectorsLayer id="shift-sectors" shapes={shapes} paint={paint} selectedId={selectedId} onSelect={onSelect} />;
}

/** The online captains on shift: a dot each, in the in-zone or the out-of-zone colour. */
export function ShiftCaptainsLayer({ data }: { data: ShiftsMapDto | undefined }) {
  const theme = useTheme();
  const palette = mapPalette(theme.palette.mode === 'dark');
  const points = useMemo(
    () =>
      pointsToGeoJson(
        (data?.captains ?? []).flatMap((c) =>
          c.lon === null || c.lat === null
            ? []
            : [{ lon: c.lon, lat: c.lat, colour: c.in_zone ? palette.inZone : palette.outOfZone, label: c.name }],
        ),
      ),
    [data, palette],
  );
  return <PinsLayer id="shift-captains" points={points} radius={6} />;
}
