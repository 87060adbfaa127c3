import { useCallback, useState } from 'react';

/** The Requests board's two views: the full cards, or one dense row per booking. */
export type BoardView = 'cards' | 'rows';

const KEY = 'taxi.requests.view';

function readView(): BoardView {
  try {
    return localStorage.getItem(KEY) === 'rows' ? 'rows' : 'cards';
  } catch {
    return 'cards';
  }
}

/** The chosen view, remembered on this browser. */
export function useBoardView(): [BoardView, (view: BoardView) => void] {
  const [view, setView] = useState<BoardView>(readView);
  const choose = useCallback((next: BoardView) => {
    setView(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Private mode or a full storage: the choice holds for this page only.
    }
  }, []);
  return [view, choose];
}
