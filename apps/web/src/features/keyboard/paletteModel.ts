import {
  type Actor,
  type DrawerItem,
  isDrawerGroup,
  mayOpen,
  type RouteName,
  routeByName,
  visibleDrawer,
} from '@taxi/shared';

/**
 * The command palette's pure part: which pages it offers (the drawer's own filtering, then the page guard's
 * rule), how a typed text scores against a label, and how results are grouped. No React, no DOM.
 */

export type PaletteGroup = 'bookings' | 'pages' | 'passengers' | 'captains' | 'actions';

/** Headings, in the order groups are shown (English source texts, translated at display). */
export const GROUP_ORDER: readonly PaletteGroup[] = ['bookings', 'pages', 'passengers', 'captains', 'actions'];
export const GROUP_HEADINGS: Record<PaletteGroup, string> = {
  bookings: 'Bookings',
  pages: 'Pages',
  passengers: 'Passengers',
  captains: 'Drivers',
  actions: 'Actions',
};

export interface PalettePage {
  route: RouteName;
  /** The drawer's title (English source). */
  title: string;
  /** The drawer group it sits in, if any (English source). */
  group?: string;
}

/**
 * The pages a user may open from the palette: the drawer's entries this user sees (visibleDrawer, the same
 * rule as the side drawer), and of those only the pages the route guard lets in (an action page also needs
 * its action's rule: the Goverment role sees Phone Booking in no list).
 */
export function palettePages(actor: Actor, drawer: readonly DrawerItem[] = visibleDrawer(actor)) {
  const pages: PalettePage[] = [];
  const add = (route: RouteName, title: string, group?: string) => {
    if (mayOpen(routeByName(route), actor)) pages.push(group ? { route, title, group } : { route, title });
  };
  for (const item of drawer) {
    if (isDrawerGroup(item)) for (const entry of item.entries) add(entry.route, entry.title, item.group);
    else add(item.route, item.title);
  }
  return pages;
}

/** Lower case, accents and Arabic diacritics removed, spaces collapsed: "Réservations" ~ "reservations". */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * How well `query` matches `text` (0 = not at all): the whole text (100), its start (80), a word's start
 * (60), anywhere inside (40), or its letters in order (1–20, closer letters score more). Each word of the
 * query must match; the score is the weakest word's.
 */
export function score(query: string, text: string): number {
  const q = normalize(query);
  if (!q) return 1;
  const t = normalize(text);
  if (!t) return 0;
  if (t === q) return 100;
  if (t.startsWith(q)) return 80;
  const words = q.split(' ');
  let weakest = 100;
  for (const word of words) {
    weakest = Math.min(weakest, wordScore(word, t));
    if (weakest === 0) return 0;
  }
  return words.length > 1 ? Math.min(weakest, 70) : weakest;
}

function wordScore(word: string, text: string): number {
  if (text.startsWith(word)) return 75;
  const at = text.indexOf(word);
  if (at > 0 && /[\s\-_/(]/.test(text[at - 1])) return 60;
  if (at > 0) return 40;
  return subsequence(word, text);
}

/** Letters of `word` in order inside `text`: 20 when adjacent, less as they spread; 0 when missing. */
function subsequence(word: string, text: string): number {
  if (word.length < 2) return 0;
  let from = 0;
  let first = -1;
  let last = -1;
  for (const ch of word) {
    const at = text.indexOf(ch, from);
    if (at < 0) return 0;
    if (first < 0) first = at;
    last = at;
    from = at + 1;
  }
  const spread = last - first + 1 - word.length;
  return Math.max(1, 20 - spread);
}

/** The best score over a label and its other names (the English title, the group...). */
export function bestScore(query: string, texts: readonly (string | undefined)[]): number {
  let best = 0;
  for (const text of texts) if (text) best = Math.max(best, score(query, text));
  return best;
}

/** A booking id typed as digits (`123`, `#123`): the palette offers to open that booking. */
export function bookingIdOf(query: string): number | null {
  const m = /^#?\s*(\d{1,9})$/.exec(query.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 ? id : null;
}

/** Items ranked by score (best first, then the given order), those that do not match dropped. */
export function rank<T>(query: string, items: readonly T[], texts: (item: T) => readonly (string | undefined)[]) {
  return items
    .map((item, index) => ({ item, index, score: bestScore(query, texts(item)) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}

export interface GroupedItem {
  group: PaletteGroup;
}

/** Items in the order of their groups (stable inside a group), with each group's items listed together. */
export function groupItems<T extends GroupedItem>(
  items: readonly T[],
  order: readonly PaletteGroup[] = GROUP_ORDER,
): { group: PaletteGroup; items: T[] }[] {
  return order
    .map((group) => ({ group, items: items.filter((item) => item.group === group) }))
    .filter((section) => section.items.length > 0);
}

/** The next active index for ArrowDown (+1) / ArrowUp (-1), wrapping around; -1 when there is nothing. */
export function moveActive(current: number, delta: number, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (((current + delta) % count) + count) % count;
}
