// Runs before the console's scripts (index.html): the HTML's shell in the user's language, direction and theme, as
// the console will show them (taxi.prefs is what app/preferences.ts keeps; the first visit follows the browser).
(() => {
  let prefs = {};
  try {
    prefs = JSON.parse(localStorage.getItem('taxi.prefs') || '{}') || {};
  } catch {
    // No storage: the browser's language and the system's scheme.
  }
  const languages = ['en', 'fr', 'ar'];
  const browser = (navigator.language || '').toLowerCase().split('-')[0];
  const language = languages.includes(prefs.language) ? prefs.language : languages.includes(browser) ? browser : 'en';
  const root = document.documentElement;
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  const systemDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  const dark = prefs.theme === 'dark' || (prefs.theme !== 'light' && systemDark);
  root.setAttribute('data-boot-theme', dark ? 'dark' : 'light');
})();

// zod's configuration, read by zod when it loads (zod/v4/core keeps it on this global): no compiled parsers, which
// would probe `new Function` under the console's Content-Security-Policy (no 'unsafe-eval').
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
