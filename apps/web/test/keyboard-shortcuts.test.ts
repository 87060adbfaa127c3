import { describe, expect, it } from 'vitest';
import {
  displayKeys,
  isEditableTarget,
  type KeyEventLike,
  matchesShortcut,
  SHORTCUT_IDS,
  SHORTCUTS,
  shortcutById,
  shortcutFor,
} from '../src/features/keyboard/shortcuts';

/** A minimal element: tag name, attributes and the ancestors `closest` looks through (no DOM in this project). */
interface FakeElement {
  tagName: string;
  isContentEditable: boolean;
  parent?: FakeElement;
  getAttribute(name: string): string | null;
  matches(selector: string): boolean;
  closest(selector: string): FakeElement | null;
}

function el(tagName: string, attrs: Record<string, string> = {}, parent?: FakeElement): FakeElement {
  const node: FakeElement = {
    tagName,
    parent,
    isContentEditable: attrs.contenteditable === 'true' || (parent?.isContentEditable ?? false),
    getAttribute: (name) => attrs[name] ?? null,
    closest(selector) {
      for (let cur: FakeElement | undefined = node; cur; cur = cur.parent) if (cur.matches(selector)) return cur;
      return null;
    },
    matches(selector) {
      return selector.split(',').some((raw) => {
        const sel = raw.trim();
        const role = /^\[role="([^"]+)"\]$/.exec(sel);
        if (role) return attrs.role === role[1];
        if (sel.startsWith('[contenteditable]'))
          return attrs.contenteditable != null && attrs.contenteditable !== 'false';
        if (sel === 'a[href]') return tagName === 'A' && attrs.href != null;
        return sel.toUpperCase() === tagName;
      });
    },
  };
  return node;
}

function key(k: string, extra: Partial<KeyEventLike> = {}): KeyEventLike {
  return {
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    target: el('BODY') as never,
    ...extra,
  };
}

const hits = (e: KeyEventLike) => shortcutFor(e)?.id;

describe('shortcut list', () => {
  it('has every id once, with keys and an English label', () => {
    expect(SHORTCUTS.map((s) => s.id)).toEqual([...SHORTCUT_IDS]);
    for (const s of SHORTCUTS) {
      expect(s.keys.length).toBeGreaterThan(0);
      expect(s.specs.length).toBeGreaterThan(0);
      expect(s.label).toMatch(/^[A-Z]/);
    }
    expect(() => shortcutById('nope' as never)).toThrow();
  });
});

describe('matcher', () => {
  it('maps plain keys to their shortcut', () => {
    expect(hits(key('?', { shiftKey: true }))).toBe('help');
    expect(hits(key('?'))).toBe('help');
    expect(hits(key('n'))).toBe('booking.new');
    expect(hits(key('/'))).toBe('board.search');
    expect(hits(key('ArrowDown'))).toBe('board.next');
    expect(hits(key('j'))).toBe('board.next');
    expect(hits(key('ArrowUp'))).toBe('board.prev');
    expect(hits(key('k'))).toBe('board.prev');
    expect(hits(key('Enter'))).toBe('board.open');
    expect(hits(key('d'))).toBe('board.dispatch');
    expect(hits(key('c'))).toBe('board.cancel');
    expect(hits(key('x'))).toBeUndefined();
  });

  it('opens the palette with Ctrl+K, and with ⌘K on a Mac, in either case', () => {
    expect(hits(key('k', { ctrlKey: true }))).toBe('palette');
    expect(hits(key('k', { metaKey: true }))).toBe('palette');
    expect(hits(key('K', { metaKey: true, shiftKey: true }))).toBe('palette');
  });

  it('does not fire plain-letter shortcuts with a modifier (browser and OS shortcuts win)', () => {
    expect(hits(key('n', { ctrlKey: true }))).toBeUndefined(); // Ctrl+N: new window
    expect(hits(key('c', { metaKey: true }))).toBeUndefined(); // ⌘C: copy
    expect(hits(key('d', { altKey: true }))).toBeUndefined();
    expect(hits(key('N', { shiftKey: true }))).toBeUndefined();
    expect(hits(key('ArrowDown', { shiftKey: true }))).toBeUndefined();
    expect(hits(key('k', { ctrlKey: true, altKey: true }))).toBeUndefined();
  });

  it('ignores keys typed in inputs, textareas, selects and contenteditable, except Ctrl/Cmd+K', () => {
    const editor = el('DIV', { contenteditable: 'true' });
    for (const target of [el('INPUT'), el('TEXTAREA'), el('SELECT'), editor, el('SPAN', {}, editor)]) {
      expect(isEditableTarget(target as never)).toBe(true);
      for (const k of ['n', '?', '/', 'j', 'ArrowDown', 'Enter', 'd', 'c'])
        expect(hits(key(k, { target: target as never }))).toBeUndefined();
      expect(hits(key('k', { ctrlKey: true, target: target as never }))).toBe('palette');
      expect(hits(key('k', { metaKey: true, target: target as never }))).toBe('palette');
    }
    expect(isEditableTarget(el('DIV', { contenteditable: 'false' }) as never)).toBe(false);
    expect(isEditableTarget(null)).toBe(false);
  });

  it('leaves board keys to an open dialog or menu, and Enter to a focused button', () => {
    const dialog = el('DIV', { role: 'dialog' });
    const inDialog = el('LI', {}, dialog);
    expect(hits(key('ArrowDown', { target: inDialog as never }))).toBeUndefined();
    expect(hits(key('d', { target: inDialog as never }))).toBeUndefined();
    expect(hits(key('n', { target: inDialog as never }))).toBeUndefined();
    expect(hits(key('?', { target: el('LI', { role: 'menu' }) as never }))).toBeUndefined();
    expect(hits(key('k', { ctrlKey: true, target: inDialog as never }))).toBe('palette');
    expect(hits(key('Enter', { target: el('BUTTON') as never }))).toBeUndefined();
    expect(hits(key('Enter', { target: el('A', { href: '/x' }) as never }))).toBeUndefined();
    expect(hits(key('Enter', { target: el('TR') as never }))).toBe('board.open');
  });

  it('ignores IME composition and events already handled', () => {
    expect(hits(key('n', { isComposing: true }))).toBeUndefined();
    expect(hits(key('n', { defaultPrevented: true }))).toBeUndefined();
  });

  it('checks one definition at a time', () => {
    expect(matchesShortcut(shortcutById('board.next'), key('j'))).toBe(true);
    expect(matchesShortcut(shortcutById('board.next'), key('k'))).toBe(false);
  });

  it('shows Mod as ⌘ on a Mac and Ctrl elsewhere', () => {
    expect(displayKeys('Mod+K', true)).toEqual(['⌘', 'K']);
    expect(displayKeys('Mod+K', false)).toEqual(['Ctrl', 'K']);
    expect(displayKeys('?', false)).toEqual(['?']);
    expect(displayKeys('Alt+Shift+A', true)).toEqual(['⌥', '⇧', 'A']);
    expect(displayKeys('Alt+Shift+A', false)).toEqual(['Alt', 'Shift', 'A']);
  });
});

describe('the phone’s shortcuts', () => {
  const alt = (k: string, code: string, extra: Partial<KeyEventLike> = {}) =>
    key(k, { code, altKey: true, shiftKey: true, ...extra });

  it('answer with Alt+Shift+A and hang up with Alt+Shift+H, by the physical key (any layout, Mac Option)', () => {
    expect(hits(alt('A', 'KeyA'))).toBe('call.answer');
    expect(hits(alt('ش', 'KeyA'))).toBe('call.answer'); // Arabic layout
    expect(hits(alt('Å', 'KeyA'))).toBe('call.answer'); // Mac Option+Shift+A
    expect(hits(alt('H', 'KeyH'))).toBe('call.hangUp');
  });

  it('work while typing in the order form, but need both Alt and Shift', () => {
    expect(hits(alt('A', 'KeyA', { target: el('INPUT') as never }))).toBe('call.answer');
    expect(hits(alt('H', 'KeyH', { target: el('TEXTAREA') as never }))).toBe('call.hangUp');
    expect(hits(key('a', { code: 'KeyA', altKey: true }))).toBeUndefined();
    expect(hits(key('A', { code: 'KeyA', shiftKey: true }))).toBeUndefined();
    expect(hits(key('a', { code: 'KeyA' }))).toBeUndefined();
    expect(hits(alt('A', 'KeyA', { ctrlKey: true }))).toBeUndefined();
  });

  it('no two shortcuts share a key combination', () => {
    const combos = SHORTCUTS.flatMap((s) =>
      s.specs.map((spec) => [spec.code ?? spec.key.toLowerCase(), !!spec.mod, !!spec.shift, !!spec.alt].join(' ')),
    );
    expect(new Set(combos).size).toBe(combos.length);
  });
});

describe('the messages page’s shortcuts', () => {
  const alt = (k: string, code: string, extra: Partial<KeyEventLike> = {}) =>
    key(k, { code, altKey: true, shiftKey: true, ...extra });

  it('Alt+Shift+C goes to the conversation list and Alt+Shift+M to the composer, by the physical key', () => {
    expect(hits(alt('C', 'KeyC'))).toBe('messages.list');
    expect(hits(alt('ؤ', 'KeyC'))).toBe('messages.list'); // Arabic layout
    expect(hits(alt('Ç', 'KeyC'))).toBe('messages.list'); // Mac Option+Shift+C
    expect(hits(alt('M', 'KeyM'))).toBe('messages.composer');
  });

  it('work from the search field and the composer, and leave the board’s C alone', () => {
    expect(hits(alt('C', 'KeyC', { target: el('TEXTAREA') as never }))).toBe('messages.list');
    expect(hits(alt('M', 'KeyM', { target: el('INPUT') as never }))).toBe('messages.composer');
    expect(hits(key('c', { code: 'KeyC' }))).toBe('board.cancel');
    expect(hits(key('C', { code: 'KeyC', shiftKey: true }))).toBeUndefined();
    expect(hits(key('m', { code: 'KeyM', altKey: true }))).toBeUndefined();
  });

  it('are listed in a scope of their own', () => {
    expect(SHORTCUTS.filter((s) => s.scope === 'messages').map((s) => s.id)).toEqual([
      'messages.list',
      'messages.composer',
    ]);
  });
});
