import { useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '@taxi/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { holdOrder, sameOrder, sortBoardIds } from './boardOrder';
import { bookingKeys } from './keys';

const DETAIL = bookingKeys.detail(0)[1];
const NONE: ReadonlySet<number> = new Set();

/** The board's order on screen, and what waits while it is held (holdOrder). */
export interface BoardOrder {
  order: number[];
  /** Cards on screen that left the list: shown as gone until the order is applied. */
  gone: ReadonlySet<number>;
  /** Inserts and moves waiting ("N new orders"). */
  pending: number;
  /** Shows the live order now (the "N new orders" bar); answers the ids it brought onto the screen. */
  apply: () => number[];
}

/**
 * The board's ids in board order (boardOrder.ts), kept in order as live events change a booking's status or
 * time (cache events are coalesced into one re-sort, and the page re-renders only when the order changed).
 * While `held` (the pointer or the focus is in the list) the order on screen holds still: see holdOrder.
 * `scope` names the list (its tab and filters): another list starts unheld.
 */
export function useBoardOrder(ids: readonly number[], held: boolean, scope: string): BoardOrder {
  const qc = useQueryClient();
  const [state, setState] = useState(() => ({ ids, order: sort(ids) }));
  function sort(list: readonly number[]): number[] {
    return sortBoardIds(list, (id) => qc.getQueryData<BookingDto>(bookingKeys.detail(id)));
  }

  let current = state;
  if (state.ids !== ids) {
    current = { ids, order: sort(ids) };
    setState(current);
  }
  const live = current.order;

  // biome-ignore lint/correctness/useExhaustiveDependencies: sort reads only qc and the ids passed in
  useEffect(() => {
    const members = new Set(ids);
    let scheduled = 0;
    const resort = () => {
      scheduled = 0;
      const next = sort(ids);
      setState((prev) => (prev.ids !== ids || sameOrder(prev.order, next) ? prev : { ids, order: next }));
    };
    const unsubscribe = qc.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type !== 'updated' || key[1] !== DETAIL || !members.has(key[2] as number)) return;
      if (!scheduled) scheduled = window.setTimeout(resort, 50);
    });
    return () => {
      unsubscribe();
      if (scheduled) window.clearTimeout(scheduled);
    };
  }, [qc, ids]);

  // The order on screen while held: taken from the live order when the hold starts, then extended by
  // holdOrder's appends only.
  const [hold, setHold] = useState<{ scope: string; shown: number[] } | null>(null);
  let shown: number[] | null = null;
  if (held) {
    shown = hold && hold.scope === scope ? hold.shown : live;
    if (!hold || hold.scope !== scope) setHold({ scope, shown });
  } else if (hold) {
    setHold(null);
  }
  const held_ = useMemo(() => (shown === null ? null : holdOrder(shown, live)), [shown, live]);
  if (held_ && shown && held_.order !== shown) setHold({ scope, shown: held_.order });

  const goneKey = held_?.gone.join(',') ?? '';
  const gone = useMemo(() => (goneKey ? new Set(goneKey.split(',').map(Number)) : NONE), [goneKey]);

  const latest = useRef({ live, hold });
  latest.current = { live, hold };
  const apply = useCallback(() => {
    const { live: next, hold: prev } = latest.current;
    if (!prev) return [];
    const before = new Set(prev.shown);
    setHold({ ...prev, shown: next });
    return next.filter((id) => !before.has(id));
  }, []);

  return { order: held_?.order ?? live, gone, pending: held_?.pending ?? 0, apply };
}
