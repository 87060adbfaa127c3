import type { KeyEventLike } from '../../keyboard/shortcuts';

/** A Select's button (MUI's closed select is a `div` with the combobox role, not an input). */
export function isSelectButton(target: EventTarget | null | undefined): boolean {
  const el = target as HTMLElement | null | undefined;
  if (!el || typeof el.getAttribute !== 'function') return false;
  const tag = el.tagName.toUpperCase();
  return tag !== 'INPUT' && tag !== 'TEXTAREA' && el.getAttribute('role') === 'combobox';
}

/**
 * Does this Enter submit the phone booking? From any of its fields — a text field, a closed autocomplete, a
 * closed select (instead of opening it), a radio, a check box, the notes (Shift+Enter is their new line) — but not
 * where Enter already means something: an open list picks its highlighted option, a button or link does what it
 * says, a key a field has handled itself (`defaultPrevented`) is left alone.
 */
export function enterSubmits(event: KeyEventLike): boolean {
  if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return false;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const el = event.target as HTMLElement | null | undefined;
  if (!el || typeof el.closest !== 'function') return false;
  // An open autocomplete or select: Enter picks its option.
  if (el.getAttribute('aria-expanded') === 'true') return false;
  // What opens from the form (a select's menu, a picker's list, a dialog) keeps its keys.
  if (el.closest('[role="listbox"],[role="option"],[role="menu"],[role="dialog"]')) return false;
  if (el.closest('button,a[href],[role="button"],[role="link"]')) return false;
  const tag = el.tagName.toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || isSelectButton(el);
}
