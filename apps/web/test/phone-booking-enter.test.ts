import { describe, expect, it } from 'vitest';
import { enterSubmits, isSelectButton } from '../src/features/bookings/phone/enterSubmits';
import type { KeyEventLike } from '../src/features/keyboard/shortcuts';

/** A minimal element: tag, attributes and the ancestors `closest` looks through (no DOM in this project). */
interface FakeElement {
  tagName: string;
  getAttribute(name: string): string | null;
  matches(selector: string): boolean;
  closest(selector: string): FakeElement | null;
}

function el(tagName: string, attrs: Record<string, string> = {}, parent?: FakeElement): FakeElement {
  const node: FakeElement = {
    tagName,
    getAttribute: (name) => attrs[name] ?? null,
    matches: (selector) =>
      selector.split(',').some((raw) => {
        const sel = raw.trim();
        const role = /^\[role="([^"]+)"\]$/.exec(sel);
        if (role) return attrs.role === role[1];
        if (sel === 'a[href]') return tagName === 'A' && attrs.href != null;
        return sel.toUpperCase() === tagName;
      }),
    closest: (selector) => (node.matches(selector) ? node : (parent?.closest(selector) ?? null)),
  };
  return node;
}

const enter = (target: FakeElement, extra: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key: 'Enter',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target: target as never,
  ...extra,
});

describe('Enter in the phone booking', () => {
  const form = el('FORM');

  it('submits from a text field, a closed autocomplete, a closed select, a radio and the notes', () => {
    expect(enterSubmits(enter(el('INPUT', {}, form)))).toBe(true);
    expect(enterSubmits(enter(el('INPUT', { role: 'combobox', 'aria-expanded': 'false' }, form)))).toBe(true);
    const select = el('DIV', { role: 'combobox', 'aria-expanded': 'false' }, form);
    expect(isSelectButton(select as never)).toBe(true);
    expect(enterSubmits(enter(select))).toBe(true);
    expect(enterSubmits(enter(el('INPUT', { type: 'radio' }, el('SPAN', {}, form))))).toBe(true);
    expect(enterSubmits(enter(el('TEXTAREA', {}, form)))).toBe(true);
  });

  it('leaves Enter to an open list, its options and menus, buttons and links', () => {
    expect(enterSubmits(enter(el('INPUT', { role: 'combobox', 'aria-expanded': 'true' }, form)))).toBe(false);
    expect(enterSubmits(enter(el('LI', { role: 'option' }, el('UL', { role: 'listbox' }))))).toBe(false);
    expect(enterSubmits(enter(el('LI', {}, el('UL', { role: 'menu' }))))).toBe(false);
    expect(enterSubmits(enter(el('BUTTON', {}, form)))).toBe(false);
    expect(enterSubmits(enter(el('SPAN', {}, el('BUTTON', {}, form))))).toBe(false);
    expect(enterSubmits(enter(el('A', { href: '/x' }, form)))).toBe(false);
    expect(enterSubmits(enter(el('DIV', {}, form)))).toBe(false);
  });

  it('never with a modifier (Shift+Enter is the notes’ new line), while composing, or once a field took it', () => {
    const notes = el('TEXTAREA', {}, form);
    expect(enterSubmits(enter(notes, { shiftKey: true }))).toBe(false);
    expect(enterSubmits(enter(notes, { ctrlKey: true }))).toBe(false);
    expect(enterSubmits(enter(notes, { isComposing: true }))).toBe(false);
    expect(enterSubmits(enter(notes, { defaultPrevented: true }))).toBe(false);
    expect(enterSubmits({ ...enter(notes), key: 'a' })).toBe(false);
    expect(isSelectButton(el('INPUT', { role: 'combobox' }) as never)).toBe(false);
  });
});
