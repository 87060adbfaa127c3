import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { TIMELINE_KINDS, type TimelineItemDto, type TimelineKind } from '@taxi/shared';
import { useEffect, useMemo, useState } from 'react';
import { apiData, endpoints } from '../../api/endpoints';
import { mergeNewest } from './storyAxis';

const PAGE = 50;
/** The live poll: rows newer than the newest shown (cheap: an id range on the audit trail's key). */
export const LIVE_POLL_MS = 5000;
const STORAGE_KEY = 'taxi.timeline.kinds';

function storedKinds(): TimelineKind[] {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(raw)) return TIMELINE_KINDS.filter((k) => raw.includes(k));
  } catch {
    // A broken value: every kind.
  }
  return [...TIMELINE_KINDS];
}

/** The timeline's rows: pages back in time, and while live, the new rows on top. Kinds are remembered. */
export function useTimeline(live: boolean) {
  const [kinds, setKindsState] = useState<TimelineKind[]>(storedKinds);
  const setKinds = (next: TimelineKind[]) => {
    setKindsState(next);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  };
  // Every kind: no parameter (the server's default is every kind its reader may see).
  const kindsParam = kinds.length === TIMELINE_KINDS.length ? undefined : kinds.join(',');
  const pages = useInfiniteQuery({
    queryKey: ['timeline', kindsParam],
    enabled: kinds.length > 0,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiData(endpoints.timeline, { query: { kinds: kindsParam, before: pageParam, limit: PAGE }, signal }),
    getNextPageParam: (last) => last.next_before ?? undefined,
    refetchOnWindowFocus: false,
  });
  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);

  // Rows polled since the newest loaded one; reset when the filter changes.
  const [fresh, setFresh] = useState<TimelineItemDto[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts a new live list
  useEffect(() => setFresh([]), [kindsParam]);
  const newest = fresh[0]?.id ?? loaded[0]?.id ?? 0;
  const poll = useQuery({
    queryKey: ['timeline-live', kindsParam, newest],
    enabled: live && kinds.length > 0 && pages.isSuccess,
    queryFn: ({ signal }) =>
      apiData(endpoints.timeline, { query: { kinds: kindsParam, after: newest, limit: 200 }, signal }),
    refetchInterval: LIVE_POLL_MS,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    const items = poll.data?.items;
    if (items?.length) setFresh((shown) => mergeNewest(items, shown));
  }, [poll.data]);

  const rows = useMemo(() => (kinds.length ? mergeNewest(fresh, loaded, 5000) : []), [fresh, loaded, kinds.length]);
  return { kinds, kindsParam, setKinds, rows, pages };
}
