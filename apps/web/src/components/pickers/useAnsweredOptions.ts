import { type KeyboardEvent, useEffect, useRef } from 'react';

/** The keys that choose in an open list: held while the list is not yet the answer to what is typed. */
const CHOOSING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter']);

interface Held {
  typed: string;
  keys: string[];
  target: EventTarget | null;
}

/** The part of MUI Autocomplete's key event that tells it to leave the key alone. */
type MuiKeyEvent = KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean };

/**
 * The options of a search-driven Autocomplete, only once they answer what is typed: while the debounce runs and
 * the request is in flight the list is empty (and says it is loading), so ↓ Enter can never pick an option of the
 * previous search or of the default list shown before the results. The ↓, ↑ and Enter pressed meanwhile are held,
 * then played on the answer: an operator's quick "Stade ↓ Enter" picks the first stadium, not the airport that
 * headed the default list.
 *
 * `answered` is true when `options` belong to `typed` (or when no answer is coming: too short to search, an
 * error). Pass `onKeyDown` to the Autocomplete (its root sees the input's keys before MUI handles them).
 */
export function useAnsweredOptions<T>(
  typed: string,
  answered: boolean,
  options: readonly T[],
): { options: readonly T[]; pending: boolean; onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void } {
  const held = useRef<Held>({ typed, keys: [], target: null });
  const pending = !answered;

  const onKeyDown = (event: MuiKeyEvent) => {
    if (event.key === 'Escape') held.current.keys = [];
    if (!pending || !CHOOSING_KEYS.has(event.key)) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.nativeEvent.isComposing) return;
    if (held.current.typed !== typed) held.current = { typed, keys: [], target: null };
    held.current.keys.push(event.key);
    held.current.target = event.target;
    // Neither MUI (no option to move to or pick) nor the form (Enter submits it) acts on a held key.
    event.preventDefault();
    event.defaultMuiPrevented = true;
  };

  const count = options.length;
  useEffect(() => {
    if (pending) return;
    const { typed: heldFor, keys, target } = held.current;
    held.current = { typed, keys: [], target: null };
    if (heldFor !== typed || count === 0 || !target) return;
    // Up to the first Enter, and only when an arrow came before it: a lone Enter picks nothing in an open list.
    const enter = keys.indexOf('Enter');
    const played = enter === -1 ? keys : keys.slice(0, enter + 1);
    if (enter === 0) return;
    // After this commit, once the list is drawn: the keys go through MUI's own handling, as if pressed now.
    setTimeout(() => {
      for (const key of played)
        target.dispatchEvent(new globalThis.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }, 0);
  }, [pending, typed, count]);

  return { options: pending ? [] : options, pending, onKeyDown };
}
