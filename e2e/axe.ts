import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { api } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['critical', 'serious', 'moderate']);
/** The rules a colour scheme can change the outcome of: the same page in dark is checked with these only. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run in the page itself: its source is evaluated once per document (the console navigates in-app, so
 * once per test), not on every check as @axe-core/playwright does, which also opens a page of its own to merge
 * each run's results: about a second per check on two cores. The console has no frames to descend into.
 */
/**
 * axe's experimental rules the console is held to as well: a run by tags leaves them out unless they are named.
 * label-content-name-mismatch: a control's name holds the text it shows (a badge's count, a calendar day's events).
 */
export const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

export interface AxeOptions {
  include?: string;
  /** Only these rules (by name); else every rule of the tags. */
  rules?: string[];
  /** With the tags' rules, these experimental ones too. */
  experimental?: string[];
}

export async function runAxe(page: Page, { include, rules, experimental }: AxeOptions = {}): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    iframes: false,
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS },
    ...(!rules && experimental?.length
      ? { rules: Object.fromEntries(experimental.map((id) => [id, { enabled: true }])) }
      : {}),
  };
  return page.evaluate(
    ({ include, options }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe.run(include ? { include: [include] } : document, options);
    },
    { include, options },
  );
}

/** The critical, serious and moderate violations (WCAG 2.1 A/AA and axe's best practices), one line each. */
export async function axeBlocking(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const results = await runAxe(page, options);
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
}

/** Where the specs' screenshots go (kept by CI with the report). */
export const SHOTS = 'test-results';

/**
 * The language and scheme sets of screenshots are taken when E2E_SHOTS is set (`E2E_SHOTS=1 npm run test:e2e`):
 * pictures for whoever changes a page to look at, which assert nothing, so the CI run does without them.
 */
export const WANT_SHOTS = !!process.env.E2E_SHOTS;

export type Scheme = 'light' | 'dark';

/**
 * Waits until no finite CSS animation or transition is running (a colour mid-transition would be measured by
 * axe): the looping ones (spinners, skeletons) are left out.
 */
export async function animationsDone(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
              .length,
        ),
      { intervals: [50] },
    )
    .toBe(0);
}

/** The body's darkest channel: under 60 in dark, over 200 in light. */
export async function bodyLevel(page: Page): Promise<number> {
  const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return Math.max(...(body.match(/\d+/g) ?? []).slice(0, 3).map(Number));
}

/**
 * Resolves once no element's class or style has changed for `quietMs` (at most `limitMs`): a new theme reaches
 * the page in more than one commit (the body's global styles, then some components a little later), so the
 * body's colour alone does not say the page is done.
 */
export async function classesSettled(page: Page, quietMs = 250, limitMs = 3000): Promise<void> {
  await page.evaluate(
    ({ quietMs, limitMs }) =>
      new Promise<void>((resolve) => {
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(limit);
          resolve();
        };
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quietMs);
        });
        let timer = setTimeout(done, quietMs);
        const limit = setTimeout(done, limitMs);
        observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
      }),
    { quietMs, limitMs },
  );
}

/** The console follows the system's colour scheme (theme 'system'): switching it needs no reload. */
export async function useScheme(page: Page, theme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect
    .poll(
      async () => {
        const level = await bodyLevel(page);
        return theme === 'dark' ? level < 60 : level > 200;
      },
      { message: `${theme} body`, intervals: [50] },
    )
    .toBe(true);
  await classesSettled(page);
}

/**
 * axe on the page as shown (or on `include` of it), in light with every rule, then in dark with the rules a colour
 * scheme can change (the same page: names, roles and structure do not change with the colours): the blocking
 * violations. The user's theme must be 'system' (the default), so the emulated scheme rules.
 */
export async function axeBothSchemes(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  const out: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    await animationsDone(page);
    const rules = scheme === 'dark' ? COLOUR_RULES : undefined;
    for (const v of await axeBlocking(page, { include, rules })) out.push(`${scheme} ${v}`);
  }
  await useScheme(page, 'light');
  return out;
}

/** Screenshots of the page in English and Arabic, light and dark (looked at by whoever changes the page). */
export async function screenshots(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  if (!WANT_SHOTS) return;
  for (const language of ['en', 'ar'] as const) {
    expect((await api(page, 'PUT', 'preferences', { language, theme: 'system' })).status).toBe(200);
    await page.reload();
    await ready();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SHOTS}/${name}-${language}-${scheme}.png` });
    }
  }
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  await page.emulateMedia({ colorScheme: 'light' });
}
