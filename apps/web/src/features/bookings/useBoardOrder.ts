import { useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '@taxi/shared';
import { useEffect, useState } from 'react';
import { sameOrder, sortBoardIds } from './boardOrder';
import { bookingKeys } from './keys';

const DETAIL = bookingKeys.detail(0)[1];

/**
 * The board's ids in board order (boardOrder.ts), kept in order as live events change a booking's status
 * or time. Cache events are coalesced into one re-sort per frame, and the page re-renders only when the
 * order actually changed.
 */
export function useBoardOrder(ids: readonly number[]): number[] {
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

  return current.order;
}
