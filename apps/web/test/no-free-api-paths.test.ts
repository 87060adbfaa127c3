import { describe, expect, it } from 'vitest';

/** Every source file of the features, the shared components and the app shell, as text. */
const SOURCES = import.meta.glob<string>(
  ['../src/features/**/*.{ts,tsx}', '../src/components/**/*.{ts,tsx}', '../src/app/**/*.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/**
 * Files allowed to call the plain client with a path: the sign-in calls run on /login, whose chunk must
 * not load the contract's zod schemas (the bundle bench keeps it under 200 KB gzip).
 */
const ALLOWED = new Set(['features/auth/api.ts']);

const RULES: { name: string; pattern: RegExp }[] = [
  {
    name: 'imports the plain client (http/request)',
    pattern: /import\s*{[^}]*\b(http|request)\b[^}]*}\s*from\s*'[./]*api\/client'/,
  },
  { name: 'calls http.<method>(...)', pattern: /\bhttp\.(get|post|put|delete)\s*[<(]/ },
  { name: 'calls request(...) with a path', pattern: /\brequest\s*(<[^>]*>)?\(\s*'(GET|POST|PUT|DELETE)'/ },
  { name: 'builds a URL from a literal path', pattern: /\bbuildUrl\(\s*['"`]/ },
  { name: "has an '/api/' literal", pattern: /['"`]\/api\// },
];

const nameOf = (key: string) => key.replace(/^\.\.\/src\//, '');

/** The rules a source text breaks. */
function violations(text: string): string[] {
  return RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.name);
}

describe('web calls go through the typed endpoint table', () => {
  it('the scanner catches each kind of free path', () => {
    expect(violations("import { http } from '../../api/client';")).toHaveLength(1);
    expect(violations("import { errorMessage, http, type QueryValue } from '../../../api/client';")).toHaveLength(1);
    expect(violations(`http.get<BookingDto>(\`bookings/\${id}\`, undefined, signal)`)).toHaveLength(1);
    expect(violations("http.put('online', { online: next })")).toHaveLength(1);
    expect(violations("request<AppInfo>('GET', 'app_info', { auth: false })")).toHaveLength(1);
    expect(violations(`fetch(buildUrl(\`complaint/\${id}/audio/\${name}\`))`)).toHaveLength(1);
    expect(violations("fetch('/api/booking')")).toHaveLength(1);
    expect(violations('apiData(endpoints.booking, { params: { id }, signal })')).toEqual([]);
    expect(violations("import { ApiError, errorMessage } from '../../api/client';")).toEqual([]);
  });

  it('no feature, component or app file calls the API by a path string', () => {
    const files = Object.entries(SOURCES).map(([key, text]) => ({ name: nameOf(key), text }));
    expect(files.length).toBeGreaterThan(30);
    expect(files.some((f) => f.name === 'features/bookings/api.ts')).toBe(true);
    const found = files
      .filter((f) => !ALLOWED.has(f.name))
      .flatMap((f) => violations(f.text).map((rule) => `${f.name}: ${rule}`));
    expect(found).toEqual([]);
  });

  it('the allowed files exist (a stale entry would hide nothing)', () => {
    for (const name of ALLOWED) expect(SOURCES[`../src/${name}`]).toMatch(/\brequest\b/);
  });
});
