import { describe, expect, it } from 'vitest';
import { pagerCount, pagerPage } from '../src/components/pagerCount';

/** A server page as paginate() builds it (apps/server/src/http/pagination.ts). */
function page(current: number, rows: number, total: number, perPage: number, cap?: number) {
  const beyondCap = cap !== undefined && total >= cap && rows === perPage;
  const last = Math.max(1, Math.ceil(total / perPage), beyondCap ? current + 1 : 0);
  return { current_page: current, last_page: last, total, data: Array.from({ length: rows }, (_, i) => i) };
}

describe('pager count', () => {
  it('an empty list is 0 rows, not "more than" (notifications with none)', () => {
    expect(pagerCount(page(1, 0, 0, 10), 10)).toBe(0);
    expect(pagerPage(page(1, 0, 0, 10), 0)).toBe(0);
  });

  it('nothing loaded yet is 0', () => {
    expect(pagerCount(undefined, 10)).toBe(0);
    expect(pagerPage(undefined, 3)).toBe(3);
  });

  it('a counted list shows its total', () => {
    expect(pagerCount(page(1, 10, 7, 10), 10)).toBe(7);
    expect(pagerCount(page(1, 10, 10, 10), 10)).toBe(10);
    expect(pagerCount(page(2, 5, 15, 10), 10)).toBe(15);
  });

  it('a list counted up to a cap says "more than" while a further page follows', () => {
    expect(pagerCount(page(1, 10, 100, 10, 100), 10)).toBe(100);
    expect(pagerCount(page(10, 10, 100, 10, 100), 10)).toBe(-1);
    expect(pagerCount(page(11, 10, 100, 10, 100), 10)).toBe(-1);
  });

  it('the last page past the cap gives the exact count, so Next turns off', () => {
    expect(pagerCount(page(12, 4, 100, 10, 100), 10)).toBe(114);
    expect(pagerPage(page(12, 4, 100, 10, 100), 11)).toBe(11);
  });

  it('a page past the end of a list that shrank shows as the last page', () => {
    expect(pagerPage(page(5, 0, 23, 10), 4)).toBe(2);
    expect(pagerCount(page(5, 0, 23, 10), 10)).toBe(23);
  });
});
