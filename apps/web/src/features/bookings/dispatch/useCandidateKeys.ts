import { type KeyboardEvent, type RefObject, useState } from 'react';
import { isEditableTarget } from '../../keyboard/shortcuts';
import { moveSelection, pickerKeyAction } from './model';

interface Options {
  /** Captain ids in list order (ranked first). */
  order: readonly number[];
  /** The first ranked candidate shown ("1" dispatches it), or null. */
  first: number | null;
  onDispatch: (captainId: number) => void;
  filterRef: RefObject<HTMLInputElement | null>;
}

/**
 * The selected captain and the dialog's keys. The selection is the captain last chosen while still listed,
 * else the first listed: the first ranked candidate when the dialog opens, and again after a filter hides it.
 */
export function useCandidateKeys({ order, first, onDispatch, filterRef }: Options) {
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen !== null && order.includes(chosen) ? chosen : (order[0] ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const { key, ctrlKey, metaKey, altKey } = event;
    const keys = { key, ctrlKey, metaKey, altKey, isComposing: event.nativeEvent.isComposing };
    const action = pickerKeyAction(keys, isEditableTarget(event.target));
    if (!action) return;
    if (action === 'toFilter') {
      // Not prevented: the key lands in the filter, which now has the focus.
      filterRef.current?.focus();
      return;
    }
    event.preventDefault();
    if (action === 'next' || action === 'prev') setChosen(moveSelection(order, selected, action === 'next' ? 1 : -1));
    else if (action === 'first') setChosen(order[0] ?? null);
    else if (action === 'last') setChosen(order.at(-1) ?? null);
    else if (action === 'dispatchSelected' && selected !== null) onDispatch(selected);
    else if (action === 'dispatchFirst' && first !== null) onDispatch(first);
  };

  return { selected, select: setChosen, onKeyDown };
}
