import { useQuery } from '@tanstack/react-query';
import { EVENTS, type LocationBatchBytes, locationAt, readLocationBatches, type TrackedCaptainDto } from '@taxi/shared';
import { useEffect, useRef, useState } from 'react';
import { apiData, endpoints } from '../../api/endpoints';
import { onSocketEvent } from '../../api/socket';

export const trackingKeys = { captains: ['tracking', 'captains'] as const };

/**
 * Live captains merged by id in a Map outside React state. Socket batches only mark it dirty; the map
 * flushes it a few times per second and the side panel re-renders at most once per `panelMs`.
 */
export interface CaptainStore {
  captains: Map<number, TrackedCaptainDto>;
  /** Bumped on every merge; the map layer compares it to what it last drew. */
  revision: number;
  /** Bumped when captains join or leave: the name-sorted list changes only then. */
  membership: number;
  /** Captains changed since the map last drew (it sends only those); null = redraw all. */
  changed: Set<number> | null;
}

export function useCaptainStore(panelMs = 1000) {
  const store = useRef<CaptainStore>({ captains: new Map(), revision: 0, membership: 0, changed: null });
  const [panelRevision, setPanelRevision] = useState(0);
  const initial = useQuery({
    queryKey: trackingKeys.captains,
    queryFn: ({ signal }) => apiData(endpoints.trackedCaptains, { signal }),
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!initial.data) return;
    const s = store.current;
    // A refetch (e.g. after a reconnect) replaces the picture; newer live reports win.
    const next = new Map<number, TrackedCaptainDto>();
    for (const c of initial.data) {
      const live = s.captains.get(c.captain_id);
      next.set(c.captain_id, live && live.at > c.at ? { ...c, ...live, name: c.name, car_number: c.car_number } : c);
    }
    s.captains = next;
    s.revision++;
    s.membership++;
    s.changed = null;
    setPanelRevision(s.revision);
  }, [initial.data]);

  useEffect(() => {
    const off = onSocketEvent(EVENTS.captainLocationUpdated, (bytes: LocationBatchBytes) => {
      const s = store.current;
      for (const batch of readLocationBatches(bytes))
        for (let i = 0; i < batch.id.length; i++) {
          const u = locationAt(batch, i);
          const known = s.captains.get(u.captain_id);
          if (u.state === 'OFFLINE') {
            if (known) s.membership++;
            s.captains.delete(u.captain_id);
          } else {
            if (!known) s.membership++;
            s.captains.set(u.captain_id, {
              name: known?.name ?? `#${u.captain_id}`,
              car_number: known?.car_number ?? null,
              ...u,
            });
          }
          s.changed?.add(u.captain_id);
        }
      s.revision++;
    });
    // The panel follows the store at a low rate (counts, list, selected details).
    const timer = window.setInterval(() => {
      setPanelRevision((r) => (r === store.current.revision ? r : store.current.revision));
    }, panelMs);
    return () => {
      off();
      window.clearInterval(timer);
    };
  }, [panelMs]);

  return { store, panelRevision, loading: initial.isPending, error: initial.error };
}
