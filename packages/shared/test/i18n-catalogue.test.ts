/// <reference types="vite/client" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../src/i18n/catalogues';
import { interpolate, pickLanguage, texts, tr } from '../src/i18n/index';
import { translateRendered } from '../src/i18n/rendered';
import { sharedSourceTexts } from '../src/i18n/sources';
import type { ResourceDef } from '../src/resources/define';

const root = join(import.meta.dirname, '../../..');
const SCANNED = ['packages/shared/src', 'apps/web/src', 'apps/server/src'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** First arguments of `t('…')`, `tr('…')` and `i18n.t('…')` written as string literals. */
function literalCalls(): Map<string, string> {
  const found = new Map<string, string>();
  const call = /(?<![\w.])(?:t|tr|i18n\.t)\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const dir of SCANNED) {
    for (const file of files(join(root, dir))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(call)) {
        const text = match[2].replace(/\\(['"\\])/g, '$1');
        if (!found.has(text)) found.set(text, file.slice(root.length + 1));
      }
    }
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// Every catalogue declaration, found the way the server and the web find them (one file each).
const catalogues = Object.values(
  import.meta.glob<ResourceDef>('../src/resources/catalogues/*.resource.ts', { eager: true, import: 'default' }),
);

describe('translation catalogues', () => {
  const sources = new Map<string, string>(sharedSourceTexts(catalogues).map((text) => [text, 'packages/shared texts']));
  for (const [text, file] of literalCalls()) if (!sources.has(text)) sources.set(text, file);

  it('finds the texts to translate', () => {
    // The walk itself must work: hundreds of texts, the spec's among them.
    expect(sources.size).toBeGreaterThan(300);
    expect(sources.has('Requests')).toBe(true);
    expect(catalogues.length).toBeGreaterThan(10);
  });

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`${language}: every text has a translation`, () => {
      const missing = [...sources]
        .filter(([text]) => !catalogue[text]?.trim())
        .map(([text, where]) => `${where}: ${text}`);
      expect(missing).toEqual([]);
    });

    it(`${language}: translations keep the source's {{variables}}`, () => {
      const wrong = Object.entries(catalogue)
        .filter(([source, target]) => placeholders(source).join() !== placeholders(target).join())
        .map(([source]) => source);
      expect(wrong).toEqual([]);
    });
  }
});

describe('language helpers', () => {
  it('picks the first supported language of Accept-Language by quality', () => {
    expect(pickLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(pickLanguage('de-DE, ar;q=0.5, en;q=0.4')).toBe('ar');
    expect(pickLanguage('en;q=0.2, ar;q=0.9')).toBe('ar');
    expect(pickLanguage('de, it')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('fr;q=0')).toBe('en');
  });

  it('fills {{variables}} and leaves unknown ones visible', () => {
    expect(interpolate('Order #{{id}} of {{who}}', { id: 12 })).toBe('Order #12 of {{who}}');
  });

  it('translates a rendered English text back through its template', () => {
    const catalogue = {
      'Order #{{id}} has been cancelled': 'La commande n°{{id}} a été annulée',
      Requests: 'Demandes',
    };
    expect(translateRendered(catalogue, 'Order #42 has been cancelled')).toBe('La commande n°42 a été annulée');
    expect(translateRendered(catalogue, 'Requests')).toBe('Demandes');
    expect(translateRendered(catalogue, 'Something else')).toBe('Something else');
  });

  it('a value that is a catalogue text itself (a demo name) reads in the language too', () => {
    const catalogue = {
      'Service changed to {{service}}': 'Service changé en {{service}}',
      'Full car': 'Voiture entière',
    };
    expect(translateRendered(catalogue, 'Service changed to Full car')).toBe('Service changé en Voiture entière');
    expect(translateRendered(catalogue, 'Service changed to Navette')).toBe('Service changé en Navette');
  });

  it('a template of glue words only never takes over a rendered sentence', () => {
    const glue = { '{{start}} to {{end}}': 'du {{start}} au {{end}}', '{{label}}: {{count}}': '{{label}} : {{count}}' };
    const message = 'Too small: expected string to have >=2 characters';
    expect(translateRendered(glue, message)).toBe(message);
    expect(translateRendered({ '{{n}} orders waiting': '{{n}} commandes en attente' }, '3 orders waiting')).toBe(
      '3 commandes en attente',
    );
  });

  it('texts() objects read in the translator of the moment', async () => {
    const { setTranslator } = await import('../src/i18n/index');
    const labels = texts({ a: 'Requests', nested: { b: 'Tracking' }, n: (x: number) => tr('{{x}} orders', { x }) });
    const fr: Record<string, string> = { Requests: 'Demandes', Tracking: 'Suivi', '{{x}} orders': '{{x}} commandes' };
    setTranslator((s, vars) => interpolate(fr[s] ?? s, vars));
    try {
      expect(labels.a).toBe('Demandes');
      expect(labels.nested.b).toBe('Suivi');
      expect(labels.n(3)).toBe('3 commandes');
    } finally {
      setTranslator(interpolate);
    }
    expect(labels.a).toBe('Requests');
  });
});

describe('the ride page’s status history', () => {
  it('reads in the console’s language: the spec’s own French in French, English and Arabic otherwise', async () => {
    const { setTranslator } = await import('../src/i18n/index');
    const { historyLabel } = await import('../src/ride-ui');
    const english = (['ACCEPTED', 'PICKED_UP', 'CAPTAIN_CANCELLED', 'PAX_CANCELLED', 'PAID', 'PENDING'] as const).map(
      historyLabel,
    );
    // No French in the English console.
    expect(english).toEqual([
      'Validated',
      'Passenger on board',
      'Driver cancelled',
      'Passenger cancelled',
      'Ride finished',
      'Awaiting dispatch',
    ]);
    for (const [language, expected] of [
      // bookings.md's texts, exactly.
      ['fr', ['Validée', 'Client à board', 'Annulée par chauffeur', 'Annulée par client', 'Terminée', 'En attente']],
      ['ar', null],
    ] as const) {
      const catalogue = CATALOGUES[language];
      setTranslator((s, vars) => interpolate(catalogue[s] ?? s, vars));
      try {
        const shown = (['ACCEPTED', 'PICKED_UP', 'CAPTAIN_CANCELLED', 'PAX_CANCELLED', 'PAID', 'PENDING'] as const).map(
          historyLabel,
        );
        if (expected) expect(shown).toEqual(expected);
        else for (const [i, text] of shown.entries()) expect(text).not.toBe(english[i]);
      } finally {
        setTranslator(interpolate);
      }
    }
  });
});
