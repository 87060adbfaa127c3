import { FormControlLabel, Switch } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { eventsPolicy } from '@taxi/shared';
import type * as maplibregl from 'maplibre-gl';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { useMap } from '../../components/map/MapView';
import { maplibre } from '../../components/map/maplibre';
import { usePolicy } from '../auth/currentUser';
import { EventCircles } from './EventCircles';

const REFRESH_MS = 5 * 60_000;
const SOURCE = 'events-today';

/** A popup with the event's name when its disc or dot is clicked. */
function NamePopups() {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    const layers = [`${SOURCE}-fill`, `${SOURCE}-centre`];
    const click = (e: maplibregl.MapLayerMouseEvent) => {
      const name = e.features?.[0]?.properties?.name;
      if (typeof name === 'string') new (maplibre().Popup)().setLngLat(e.lngLat).setText(name).addTo(map);
    };
    for (const layer of layers) map.on('click', layer, click);
    return () => {
      for (const layer of layers) map.off('click', layer, click);
    };
  }, [map]);
  return null;
}

function Layer() {
  const today = useQuery({
    queryKey: ['events', 'today'],
    queryFn: ({ signal }) => apiData(endpoints.eventsToday, { signal }),
    refetchInterval: REFRESH_MS,
  });
  return (
    <>
      <EventCircles id={SOURCE} events={today.data ?? []} />
      <NamePopups />
    </>
  );
}

/**
 * Today's city events on a live map, as a layer one can hide: `toggle` goes in the page's controls,
 * `layer` inside its MapView. Nothing for a user who may not see them.
 */
export function useEventsTodayLayer(): { toggle: ReactNode; layer: ReactNode } {
  const { t } = useTranslation();
  const allows = usePolicy();
  const [shown, setShown] = useState(true);
  if (!allows(eventsPolicy.today)) return { toggle: null, layer: null };
  return {
    toggle: (
      <FormControlLabel
        control={<Switch size="small" checked={shown} onChange={(e) => setShown(e.target.checked)} />}
        label={t('Events today')}
        data-testid="events-layer-toggle"
      />
    ),
    layer: shown ? <Layer /> : null,
  };
}
