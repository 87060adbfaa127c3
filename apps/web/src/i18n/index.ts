import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_LOCALES,
  type Language,
  setTranslator,
  textDirection,
} from '@taxi/shared/i18n';
import { translateRendered } from '@taxi/shared/i18n/rendered';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * i18next with English source strings as keys (no key or namespace separators, so "Note: 12.5 km" is one
 * key). English needs no catalogue; French and Arabic load on demand so /login stays small.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  fr: () => import('@taxi/shared/locales/fr.json'),
  ar: () => import('@taxi/shared/locales/ar.json'),
};

void i18next.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  resources: { en: { translation: {} } },
  initAsync: false,
  react: { useSuspense: false },
});

setTranslator((source, vars) => i18next.t(source, vars ?? {}));

export const i18n = i18next;

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export function currentLocale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
}

/** Loads the language's catalogue if needed, switches, and sets the page's `lang` and `dir`. */
/**
 * A text that may arrive already filled in ("At most 60 characters", a zod message built at load): its
 * exact key, else the `{{var}}` source it was rendered from, else the text as it is.
 */
export function translateText(text: string | null | undefined): string {
  if (!text) return '';
  const language = currentLanguage();
  if (language === 'en') return text;
  const catalogue = i18next.getResourceBundle(language, 'translation') as Record<string, string> | undefined;
  return catalogue ? translateRendered(catalogue, text) : text;
}

export async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    const catalogue = await loaders[language]();
    i18next.addResourceBundle(language, 'translation', catalogue.default);
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}
