/**
 * The console's languages. English texts are the source strings (the spec's texts stay exactly as written)
 * and the keys of the French and Arabic catalogues in ./locales. Variables are i18next's `{{name}}`.
 */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The console's colour scheme: the system's, or one chosen. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Each language's own name: what the language menu shows, whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

/** BCP 47 locales for dates, numbers and euros (Arabic keeps Latin digits, which a dispatcher reads faster). */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-u-nu-latn' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The first supported language of an Accept-Language header, by quality; English when none. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

export type TextVars = Record<string, string | number | null | undefined>;

/** Fills `{{name}}` placeholders (what i18next does for a key it has no translation for). */
export function interpolate(template: string, vars?: TextVars): string {
  if (!vars) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

type Translator = (source: string, vars?: TextVars) => string;
let translator: Translator = interpolate;

/**
 * The browser plugs i18next in here; the server keeps English (what it stores is English, and what it
 * sends is translated on the way out, see translateRendered).
 */
export function setTranslator(next: Translator): void {
  translator = next;
}

/**
 * Runs `render` with `translate` as the current language's translator, then puts the previous one back: the
 * server writes a CSV row's labels (texts(), tr and the functions built on them) in the request's language.
 * The translator is the module's one, so `render` must be synchronous (nothing else runs in between).
 */
export function withTranslator<T>(translate: Translator, render: () => T): T {
  const previous = translator;
  translator = translate;
  try {
    return render();
  } finally {
    translator = previous;
  }
}

/** A text in the current language: `tr('{{n}} orders', { n })`. */
export function tr(source: string, vars?: TextVars): string {
  return translator(source, vars);
}

/**
 * A name stored as data (a service, a colour, a reason, a role, a survey's question...): its translation in the
 * current language when the catalogues hold it as a source text (the demo's names do, see DEMO_DATA), else the
 * name as it was typed. Only for catalogue data: never for people's names or what they wrote.
 */
export function dataLabel(name: string | null | undefined): string {
  if (!name) return '';
  // A typed name is never a template: no variable of it is filled.
  return name.includes('{{') ? name : translator(name);
}

const proxies = new WeakMap<object, object>();

/**
 * Wraps an object of English texts so that reading a string returns it in the current language (nested
 * objects too). Call sites keep `BOOKING_UI.noBookings`; functions build theirs with `tr`.
 */
export function texts<T extends object>(source: T): T {
  const cached = proxies.get(source);
  if (cached) return cached as T;
  const proxy = new Proxy(source, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value === 'string') return translator(value);
      if (value && typeof value === 'object' && !Array.isArray(value)) return texts(value);
      return value;
    },
  });
  proxies.set(source, proxy);
  return proxy;
}

/** The English source of every string in a texts() object (the catalogue test walks these). */
export function sourceStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) sourceStrings(v, out);
  return out;
}
