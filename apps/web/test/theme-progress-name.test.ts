import ar from '@taxi/shared/locales/ar.json';
import fr from '@taxi/shared/locales/fr.json';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../src/app/theme';
import { i18n } from '../src/i18n/index';

describe('progress bars and spinners have a name (axe: aria-progressbar-name)', () => {
  it('in the console’s language, whatever place shows one', () => {
    i18n.addResourceBundle('fr', 'translation', fr);
    i18n.addResourceBundle('ar', 'translation', ar);
    const names = (['en', 'fr', 'ar'] as const).map((language) => {
      const { components } = buildTheme('light', language);
      return [
        components?.MuiLinearProgress?.defaultProps?.['aria-label'],
        components?.MuiCircularProgress?.defaultProps?.['aria-label'],
      ];
    });
    expect(names).toEqual([
      ['Loading', 'Loading'],
      [fr.Loading, fr.Loading],
      [ar.Loading, ar.Loading],
    ]);
    expect(fr.Loading).not.toBe('Loading');
  });
});
