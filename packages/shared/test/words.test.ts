import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_DATA } from '../src/demo-data';
import { CATALOGUES } from '../src/i18n/catalogues';
import { dataLabel, interpolate, setTranslator, sourceStrings } from '../src/i18n/index';
import { actionLabel, actorLabel, TIMELINE_UI } from '../src/timeline';

const speak = (language: 'fr' | 'ar') => {
  const catalogue = CATALOGUES[language];
  setTranslator((s, vars) => interpolate(catalogue[s] ?? s, vars));
};
afterEach(() => setTranslator(interpolate));

describe('catalogue data in the console’s language (dataLabel)', () => {
  it('a demo name reads in the language; a name an operator typed stays as typed', () => {
    expect(dataLabel('Full car')).toBe('Full car');
    speak('fr');
    expect(dataLabel(DEMO_DATA.services.fullCar)).toBe('Voiture entière');
    expect(dataLabel(DEMO_DATA.colours.darkBlue)).toBe('Bleu foncé');
    expect(dataLabel(DEMO_DATA.roles.government)).toBe('Gouvernement');
    expect(dataLabel('Navette du casino')).toBe('Navette du casino');
    // Never a template: a typed name with braces is shown as it is.
    expect(dataLabel('{{id}} cab')).toBe('{{id}} cab');
    expect(dataLabel(null)).toBe('');
    speak('ar');
    expect(dataLabel(DEMO_DATA.constraints.childSeat)).toBe('مقعد أطفال');
  });

  it('every demo name has its own French and Arabic (none left in English)', () => {
    const names = [...new Set(sourceStrings(DEMO_DATA))];
    expect(names.length).toBeGreaterThan(60);
    for (const language of ['fr', 'ar'] as const) {
      // Same as the English only where the word is the same word (VIP, Bronze, Beige…), never by default.
      const same = names.filter((n) => CATALOGUES[language][n] === n);
      expect(
        same.every((n) => ['VIP', 'Van', 'Bronze', 'Beige'].includes(n)),
        `${language}: ${same}`,
      ).toBe(true);
    }
  });
});

describe('the timeline’s words', () => {
  it('dispatches, offers and the AI are named in the language, not by their codes', () => {
    speak('fr');
    expect(actionLabel('dispatch')).toBe('attribuée à un chauffeur');
    expect(actionLabel('offer_sent')).toBe('offre envoyée à un chauffeur');
    expect(actionLabel('captain.block')).toBe('bloqué');
    expect(actorLabel('AI')).toBe('IA');
    expect(actorLabel(null)).toBe(TIMELINE_UI.system);
    expect(actorLabel('Dario Dispatcher')).toBe('Dario Dispatcher');
    speak('ar');
    expect(actorLabel('AI')).toBe('الذكاء الاصطناعي');
    expect(actionLabel('ai_time_change')).not.toMatch(/[A-Za-z]/);
  });
});
