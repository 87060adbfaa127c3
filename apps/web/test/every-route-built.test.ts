import { PROTECTED_ROUTES } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { fallbackPage, PAGES } from '../src/app/pages';

describe('the route table', () => {
  it('has a page for every route of the spec: none falls back to "This page is planned"', async () => {
    const unbuilt: string[] = [];
    for (const route of PROTECTED_ROUTES)
      if (!PAGES[route.name] && !(await fallbackPage(route.name))) unbuilt.push(`${route.name} ${route.path}`);
    expect(unbuilt).toEqual([]);
  });
});
