import { VOICE_SHORTCUT_LABELS } from '@taxi/shared';
import { useEffect, useRef } from 'react';

/**
 * Keyboard shortcuts of the console (the "call centre's day"): one typed list, read by the `?` sheet,
 * the palette and `useShortcut`. Labels are English source texts, translated with `t` where they are shown.
 */

/** The key combination of a shortcut. `mod` means Ctrl, or ⌘ (Meta) on a Mac; either is accepted everywhere. */
export interface KeySpec {
  /** `KeyboardEvent.key`, compared case-insensitively for letters. */
  readonly key: string;
  /**
   * `KeyboardEvent.code` (the physical key): when set it is compared instead of `key`, so that a combination
   * with Alt works whatever the layout (Arabic letters) and on a Mac (where Option+A types å).
   */
  readonly code?: string;
  readonly mod?: boolean;
  readonly shift?: boolean;
  readonly alt?: boolean;
}

export type ShortcutScope = 'global' | 'board' | 'messages' | 'call' | 'mapEditor';

export interface ShortcutDef {
  readonly id: ShortcutId;
  /** Keys as shown in the `?` sheet (one entry per alternative; "Mod" is displayed as Ctrl or ⌘). */
  readonly keys: readonly string[];
  /** Any of these combinations triggers the shortcut. */
  readonly specs: readonly KeySpec[];
  /** English source text (an i18n key). */
  readonly label: string;
  readonly scope: ShortcutScope;
  /** Also fires while the focus is in a text field (only the palette's Ctrl/Cmd+K). */
  readonly inInputs?: boolean;
}

export const SHORTCUT_IDS = [
  'palette',
  'help',
  'booking.new',
  'ai.popups',
  'board.search',
  'board.next',
  'board.prev',
  'board.open',
  'board.dispatch',
  'board.cancel',
  'messages.list',
  'messages.composer',
  'call.answer',
  'call.hangUp',
  'mapEditor.undo',
  'mapEditor.cancel',
  'mapEditor.delete',
] as const;

export type ShortcutId = (typeof SHORTCUT_IDS)[number];

export const SHORTCUTS: readonly ShortcutDef[] = [
  {
    id: 'palette',
    keys: ['Mod+K'],
    specs: [{ key: 'k', mod: true }],
    label: 'Open the command palette',
    scope: 'global',
    inInputs: true,
  },
  { id: 'help', keys: ['?'], specs: [{ key: '?' }], label: 'Show keyboard shortcuts', scope: 'global' },
  { id: 'booking.new', keys: ['N'], specs: [{ key: 'n' }], label: 'New phone booking', scope: 'global' },
  // The AI popups' panel opens only on the operator's action: the tray, or this key, which works while typing (the
  // phone booking's fields) as the phone's keys do.
  {
    id: 'ai.popups',
    keys: ['Alt+Shift+P'],
    specs: [{ key: 'p', code: 'KeyP', alt: true, shift: true }],
    label: 'Show or hide the AI popups',
    scope: 'global',
    inInputs: true,
  },
  { id: 'board.search', keys: ['/'], specs: [{ key: '/' }], label: "Search the board's bookings", scope: 'board' },
  {
    id: 'board.next',
    keys: ['↓', 'J'],
    specs: [{ key: 'ArrowDown' }, { key: 'j' }],
    label: 'Next booking',
    scope: 'board',
  },
  {
    id: 'board.prev',
    keys: ['↑', 'K'],
    specs: [{ key: 'ArrowUp' }, { key: 'k' }],
    label: 'Previous booking',
    scope: 'board',
  },
  { id: 'board.open', keys: ['Enter'], specs: [{ key: 'Enter' }], label: 'Open the selected booking', scope: 'board' },
  {
    id: 'board.dispatch',
    keys: ['D'],
    specs: [{ key: 'd' }],
    label: 'Dispatch the selected booking',
    scope: 'board',
  },
  { id: 'board.cancel', keys: ['C'], specs: [{ key: 'c' }], label: 'Cancel the selected booking', scope: 'board' },
  // The messages page's two places, reached from wherever the focus is (the search field, the composer): Alt+Shift and
  // a letter, as the AI tray's and the phone's keys (C for conversations, M for message).
  {
    id: 'messages.list',
    keys: ['Alt+Shift+C'],
    specs: [{ key: 'c', code: 'KeyC', alt: true, shift: true }],
    label: 'Go to the conversation list',
    scope: 'messages',
    inInputs: true,
  },
  {
    id: 'messages.composer',
    keys: ['Alt+Shift+M'],
    specs: [{ key: 'm', code: 'KeyM', alt: true, shift: true }],
    label: 'Go to the message composer',
    scope: 'messages',
    inInputs: true,
  },
  // The phone's keys work while typing (the order form is filled during the call), only while a call rings or
  // is on; Alt+Shift and a letter is taken by neither the browsers nor the console's other keys.
  {
    id: 'call.answer',
    keys: ['Alt+Shift+A'],
    specs: [{ key: 'a', code: 'KeyA', alt: true, shift: true }],
    label: VOICE_SHORTCUT_LABELS.answer,
    scope: 'call',
    inInputs: true,
  },
  {
    id: 'call.hangUp',
    keys: ['Alt+Shift+H'],
    specs: [{ key: 'h', code: 'KeyH', alt: true, shift: true }],
    label: VOICE_SHORTCUT_LABELS.hangUp,
    scope: 'call',
    inInputs: true,
  },
  {
    id: 'mapEditor.undo',
    keys: ['Mod+Z'],
    specs: [{ key: 'z', mod: true }],
    label: 'Undo the last map edit',
    scope: 'mapEditor',
  },
  {
    id: 'mapEditor.cancel',
    keys: ['Esc'],
    specs: [{ key: 'Escape' }],
    label: 'Cancel the current drawing',
    scope: 'mapEditor',
  },
  {
    id: 'mapEditor.delete',
    keys: ['Delete'],
    specs: [{ key: 'Delete' }],
    label: 'Delete the selected map feature',
    scope: 'mapEditor',
  },
];

const BY_ID = new Map<ShortcutId, ShortcutDef>(SHORTCUTS.map((s) => [s.id, s]));

export function shortcutById(id: ShortcutId): ShortcutDef {
  const def = BY_ID.get(id);
  if (!def) throw new Error(`Unknown shortcut ${id}`);
  return def;
}

/** The part of a KeyboardEvent the matcher reads (so tests can pass plain objects). */
export interface KeyEventLike {
  readonly key: string;
  readonly code?: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly target?: EventTarget | null;
  readonly isComposing?: boolean;
  readonly repeat?: boolean;
  readonly defaultPrevented?: boolean;
}

/** True when the event comes from a place where the user types: input, textarea, select, contenteditable. */
export function isEditableTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const el = target as HTMLElement;
  const tag = el.tagName.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (el.isContentEditable) return true;
  const editable = el.getAttribute?.('contenteditable');
  if (editable != null && editable !== 'false') return true;
  return typeof el.closest === 'function' && el.closest('[contenteditable]:not([contenteditable="false"])') != null;
}

/** True when the focus is inside an open dialog, menu or list box: its own keys (arrows, Enter) win. */
export function isInsidePopup(target: EventTarget | null | undefined): boolean {
  const el = target as HTMLElement | null | undefined;
  if (!el || typeof el.closest !== 'function') return false;
  return el.closest('[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]') != null;
}

/** True for a focused button or link: Enter already activates it. */
function isActivatable(target: EventTarget | null | undefined): boolean {
  const el = target as HTMLElement | null | undefined;
  if (!el || typeof el.closest !== 'function') return false;
  return el.closest('button,a[href],[role="button"],[role="link"],[role="menuitem"],[role="tab"]') != null;
}

/** Does the event press this key combination? Letters ignore case; `?` and `/` ignore Shift (keyboard layouts). */
export function matchesSpec(spec: KeySpec, event: KeyEventLike): boolean {
  const mod = event.ctrlKey || event.metaKey;
  if (Boolean(spec.mod) !== mod) return false;
  if (Boolean(spec.alt) !== event.altKey) return false;
  if (spec.code) {
    if (event.code !== spec.code) return false;
    return spec.shift === undefined ? !event.shiftKey : spec.shift === event.shiftKey;
  }
  const key = event.key;
  if (!key) return false;
  const isLetter = spec.key.length === 1 && /[a-z]/i.test(spec.key);
  if (isLetter) {
    if (key.length !== 1 || key.toLowerCase() !== spec.key.toLowerCase()) return false;
    // A plain letter shortcut is not fired with Shift (Shift+N types a capital); `mod` combos accept either.
    return spec.shift === undefined ? spec.mod === true || !event.shiftKey : spec.shift === event.shiftKey;
  }
  if (key !== spec.key) return false;
  if (spec.key.length === 1) return true; // symbols (`?`, `/`) need Shift on some layouts and not on others
  return spec.shift === undefined ? !event.shiftKey : spec.shift === event.shiftKey;
}

/** Does the event trigger the shortcut, taking the focused element into account? */
export function matchesShortcut(def: ShortcutDef, event: KeyEventLike): boolean {
  if (event.isComposing || event.defaultPrevented) return false;
  if (!def.inInputs) {
    if (isEditableTarget(event.target)) return false;
    // Keys (arrows, Enter, letters) belong to an open dialog or menu while the focus is in it.
    if (isInsidePopup(event.target)) return false;
    if (def.specs.some((spec) => spec.key === 'Enter') && isActivatable(event.target)) return false;
  }
  return def.specs.some((spec) => matchesSpec(spec, event));
}

/** The first shortcut (of the given ones) that the event triggers. */
export function shortcutFor(event: KeyEventLike, defs: readonly ShortcutDef[] = SHORTCUTS): ShortcutDef | undefined {
  return defs.find((def) => matchesShortcut(def, event));
}

export function isMac(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;
  return /mac|iphone|ipad|ipod/i.test(platform ?? '');
}

const MAC_KEYS: Readonly<Record<string, string>> = { Mod: '⌘', Alt: '⌥', Shift: '⇧' };

/** A key as displayed: "Mod" becomes ⌘ on a Mac and Ctrl elsewhere; Alt and Shift are ⌥ and ⇧ on a Mac. */
export function displayKeys(keys: string, mac = isMac()): string[] {
  return keys.split('+').map((part) => (mac ? (MAC_KEYS[part] ?? part) : part === 'Mod' ? 'Ctrl' : part));
}

/**
 * Calls `handler` when the shortcut is pressed (window keydown), except while the user types in a field
 * (the palette's Ctrl/Cmd+K works everywhere). The handler receives the event; the default action is
 * prevented. The newest handler is always used, so an inline arrow function is fine.
 */
export function useShortcut(id: ShortcutId, handler: (event: KeyboardEvent) => void, enabled = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const def = shortcutById(id);
    const onKey = (event: KeyboardEvent) => {
      if (!matchesShortcut(def, event)) return;
      event.preventDefault();
      ref.current(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [id, enabled]);
}
