/**
 * The text of the HTML's own shell while the console's scripts load. No imports: the web build (vite.config.ts)
 * reads it with the catalogues' translations to write it into index.html in every language.
 */
export const BOOT_LOADING = 'Loading the console…';
