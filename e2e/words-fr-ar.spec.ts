import { BOOKING_UI, DEMO_DATA, REPORTS_UI, TIMELINE_UI } from '@taxi/shared';
import { type Language, sourceStrings } from '@taxi/shared/i18n';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { axeBlocking, WANT_SHOTS } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

type Spoken = Exclude<Language, 'en'>;
const LANGUAGES: readonly Spoken[] = ['fr', 'ar'];
const say = (language: Spoken, source: string) => CATALOGUES[language][source] ?? source;

/** The English names of a part of the demo data whose translation is another word (VIP is VIP everywhere). */
const englishOf = (language: Spoken, part: unknown) =>
  [...new Set(sourceStrings(part))].filter((name) => say(language, name) !== name);

/** Whether the text holds `word` as a whole word (never inside another one). */
const holds = (text: string, word: string) =>
  new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text);
const leaks = (text: string, names: readonly string[]) => names.filter((name) => holds(text, name));

/** The console in `language` (the account's preference, read at the next load). */
async function speak(page: import('@playwright/test').Page, language: Language, theme?: 'light' | 'dark') {
  expect((await api(page, 'PUT', 'preferences', { language, ...(theme ? { theme } : {}) })).status).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** The words of an element as the page shows them (one block a line). */
const shownText = async (locator: import('@playwright/test').Locator) => (await locator.allInnerTexts()).join('\n');

/** A date's placeholder as the field shows it, without the direction marks that order its Arabic parts. */
const placeholderOf = async (locator: import('@playwright/test').Locator) =>
  ((await locator.getAttribute('placeholder')) ?? '').replace(/\u200e/g, '');

/**
 * Whether the first part of a placeholder stands left of its last part as Chromium lays a placeholder out (its
 * direction from its first letter, unicode-bidi: plaintext, in a left-to-right field): the day over the day's digits.
 */
const firstPartOnTheLeft = (page: import('@playwright/test').Page, text: string, first: string, last: string) =>
  page.evaluate(
    ({ text, first, last }) => {
      const box = document.createElement('div');
      box.dir = 'ltr';
      box.style.cssText = 'unicode-bidi: plaintext; position: absolute; white-space: pre; font-size: 16px';
      box.textContent = text;
      document.body.append(box);
      const node = box.firstChild as Text;
      const left = (part: string) => {
        const range = document.createRange();
        const at = text.indexOf(part);
        range.setStart(node, at);
        range.setEnd(node, at + part.length);
        return range.getBoundingClientRect().left;
      };
      const answer = left(first) < left(last);
      box.remove();
      return answer;
    },
    { text, first, last },
  );

test.describe('every word in the console’s language', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the board and the phone booking name services and constraints in French and Arabic', async ({
    page,
    request,
  }) => {
    await login(page, request, USERS.admin, '/requests');
    try {
      for (const language of LANGUAGES) {
        await speak(page, language);
        const services = page.getByTestId('service-name');
        await expect(services.first()).toBeVisible();
        const shown = await services.allInnerTexts();
        const names = Object.values(DEMO_DATA.services).map((s) => say(language, s));
        for (const name of shown) expect(names, `${language}: ${name}`).toContain(name.trim());
        expect(leaks(shown.join('\n'), englishOf(language, DEMO_DATA.services))).toEqual([]);

        await page.goto('/phone-bookings');
        const service = page.getByRole('combobox', { name: say(language, BOOKING_UI.service) });
        await expect(service).toBeVisible();
        await service.click();
        // The list opens at once; its options come with the services' answer.
        await expect(page.getByRole('option', { name: say(language, DEMO_DATA.services.fullCar) })).toBeVisible();
        const options = await page.getByRole('option').allInnerTexts();
        expect(options).toContain(say(language, DEMO_DATA.services.fullCar));
        expect(options).toContain(say(language, DEMO_DATA.services.pooling));
        expect(leaks(options.join('\n'), englishOf(language, DEMO_DATA.services))).toEqual([]);
        await page.keyboard.press('Escape');
        const form = await shownText(page.locator('main'));
        expect(form).toContain(`${say(language, DEMO_DATA.constraints.childSeat)} (CS)`);
        expect(leaks(form, englishOf(language, DEMO_DATA.constraints))).toEqual([]);
        await page.goto('/requests');
      }
    } finally {
      await api(page, 'PUT', 'preferences', { language: 'en' });
    }
  });

  test('the timeline names dispatches, offers and who acted in the language, never by their codes', async ({
    page,
    request,
  }) => {
    await login(page, request, USERS.admin, '/timeline');
    try {
      for (const language of LANGUAGES) {
        await speak(page, language);
        const rows = page.getByTestId('timeline-row');
        await expect(rows.first()).toBeVisible();
        const text = await shownText(page.getByTestId('timeline-list'));
        // The kinds, and what the rows say: no action code (offer_sent, dispatch) and no English word of them.
        await expect(page.getByTestId('timeline-kind-dispatch')).toHaveText(say(language, TIMELINE_UI.kinds.dispatch));
        expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
        expect(
          leaks(text, ['offer sent', 'dispatch', 'dispatched to a captain', 'offer sent to a captain', 'AI', 'System']),
        ).toEqual([]);
        if (language === 'fr') expect(text).toMatch(/attribuée à un chauffeur|offre envoyée à un chauffeur/);
      }
    } finally {
      await api(page, 'PUT', 'preferences', { language: 'en' });
    }
  });

  test('the Statistics dates and a list’s dates are typed and shown in the console’s format, never the browser’s', async ({
    page,
    request,
  }) => {
    await login(page, request, USERS.admin, '/BarStatistics');
    try {
      for (const language of LANGUAGES) {
        await speak(page, language);
        const from = page.getByTestId('statistics-from');
        await expect(from).toBeVisible();
        // A text field (not the browser's mm/dd/yyyy date input), with the language's placeholder.
        await expect(from).toHaveAttribute('type', 'text');
        expect(await placeholderOf(from)).toBe(say(language, 'DD-MM-YYYY'));
        if (language === 'ar') {
          // Right to left too, the day's word stands on the left, where the day's digits are typed.
          const [day, , year] = say('ar', 'DD-MM-YYYY').split('-');
          expect(await firstPartOnTheLeft(page, (await from.getAttribute('placeholder')) ?? '', day, year)).toBe(true);
        }
        await expect(from).toHaveValue(/^\d{2}-\d{2}-\d{4}$/);
        // Typed day first, it asks the server for that day.
        const asked = page.waitForRequest(
          (r) => r.url().includes('reports/statistics') && r.url().includes('from=2026-11-01'),
        );
        await from.fill('01-11-2026');
        await asked;
        await expect(page.getByRole('button', { name: say(language, REPORTS_UI.presetToday) })).toBeVisible();
        // The typed fields and their calendar buttons keep the page clean under axe.
        expect(await axeBlocking(page)).toEqual([]);

        await page.goto('/complaints');
        const complaintsFrom = page.getByTestId('from-date');
        await expect(complaintsFrom).toBeVisible();
        expect(await placeholderOf(complaintsFrom)).toBe(say(language, 'DD-MM-YYYY'));
        const list = await shownText(page.locator('main'));
        expect(leaks(list, englishOf(language, DEMO_DATA.complaintCategories))).toEqual([]);
        await page.goto('/BarStatistics');
      }
    } finally {
      await api(page, 'PUT', 'preferences', { language: 'en' });
    }
  });

  test('catalogue lists show the demo’s colours, roles and reasons in the language', async ({ page, request }) => {
    await login(page, request, USERS.admin, '/colors');
    try {
      for (const language of LANGUAGES) {
        await speak(page, language);
        for (const [path, part, sample] of [
          ['/colors', DEMO_DATA.colours, DEMO_DATA.colours.darkBlue],
          ['/roles', DEMO_DATA.roles, DEMO_DATA.roles.government],
          ['/change_captain_reasons', DEMO_DATA.changeCaptainReasons, DEMO_DATA.changeCaptainReasons[0]],
        ] as const) {
          await page.goto(path);
          const table = page.locator('main table');
          await expect(table).toContainText(say(language, sample));
          expect(leaks(await shownText(table), englishOf(language, part)), `${language} ${path}`).toEqual([]);
        }
      }
    } finally {
      await api(page, 'PUT', 'preferences', { language: 'en' });
    }
  });

  test('pictures of the pages in French and Arabic, light and dark', async ({ page, request }) => {
    test.skip(!WANT_SHOTS, 'pictures only: E2E_SHOTS=1 takes them');
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    await login(page, request, USERS.admin, '/requests');
    try {
      for (const language of LANGUAGES)
        for (const theme of ['light', 'dark'] as const) {
          await speak(page, language, theme);
          for (const [path, name, ready] of [
            ['/requests', 'board', 'service-name'],
            ['/phone-bookings', 'phone-booking', 'drawer-toggle'],
            ['/timeline', 'timeline', 'timeline-row'],
            ['/BarStatistics', 'statistics', 'statistics-from'],
            ['/complaints', 'complaints', 'from-date'],
            ['/colors', 'colours', 'drawer-toggle'],
            ['/roles', 'roles', 'drawer-toggle'],
          ] as const) {
            await page.goto(path);
            await expect(page.getByTestId(ready).first()).toBeVisible();
            await page.waitForTimeout(800);
            await page.screenshot({ path: `e2e/artifacts/words-${name}-${language}-${theme}.png` });
          }
        }
    } finally {
      await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' });
    }
  });
});
