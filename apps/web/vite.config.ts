import { readFileSync } from 'node:fs';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BOOT_LOADING } from '../../packages/shared/src/boot-text';

/**
 * index.html's own shell (shown from the HTML, before any script of the console has loaded): its text in the three
 * languages, from the catalogues; public/boot.js picks the user's language, direction and theme before it paints.
 */
function bootShellTexts(): Plugin {
  const locale = (language: string): Record<string, string> =>
    JSON.parse(
      readFileSync(new URL(`../../packages/shared/src/i18n/locales/${language}.json`, import.meta.url), 'utf8'),
    );
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return {
    name: 'boot-shell-texts',
    transformIndexHtml(html) {
      const spans = [
        ['en', BOOT_LOADING],
        ['fr', locale('fr')[BOOT_LOADING] ?? BOOT_LOADING],
        ['ar', locale('ar')[BOOT_LOADING] ?? BOOT_LOADING],
      ].map(([language, text]) => `<span lang="${language}">${escapeHtml(text)}</span>`);
      return html.replace('%BOOT_LOADING%', spans.join(''));
    },
  };
}

import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * zod's jitless switch (the console's CSP has no 'unsafe-eval') is set by public/boot.js, before any module runs,
 * through the global zod reads its configuration from: the shared package's zod-config module, which the server
 * and the tests import, is empty in the browser, so a page whose modules build no schema does not load zod.
 */
function zodConfiguredByBoot(): Plugin {
  const EMPTY = '\0zod-config-in-boot';
  return {
    name: 'zod-config-in-boot',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/zod-config(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && /[\\/]shared[\\/]src[\\/]zod-config\.ts$/.test(resolved.id) ? EMPTY : null;
    },
    load: (id) => (id === EMPTY ? 'export {};' : null),
  };
}

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    zodConfiguredByBoot(),
    bootShellTexts(),
    // Precompressed siblings (x.js.br, x.js.gz) of the built text files, served by the API server's
    // @fastify/static with preCompressed: true (no compression work per request).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|css|js|mjs|json|svg|txt)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod and its configuration in one chunk, the configuration run as soon as zod is: a module-level
            // schema in any chunk that imports zod is then built jitless. Left in the entry, the configuration
            // would run after every chunk the entry imports (z.object() probes `new Function`: a CSP violation).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]src[\\/]zod-config\.ts$/ },
            // React and MUI's core as two chunks rather than one per module: a console's first load fetched 167
            // scripts, and over HTTP/1.1's six connections the requests, not the bytes, were most of its time.
            // MUI's core only (styles, system, emotion), not @mui/material's components nor Popper and the
            // transitions: grouped, every component any page uses came with /login (137.8 KB gzip, now 29.9 KB).
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            {
              name: 'mui',
              test: /[\\/]node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion|react-is|clsx|prop-types|stylis|hoist-non-react-statics)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
      treeshake: {
        // The shared package has no side effects but zod's global configuration (zod-config.ts, jitless for
        // the CSP, imported first by main.tsx): a page that takes one helper from '@taxi/shared' does not
        // also carry every schema of the barrel (and zod with them).
        moduleSideEffects: (id: string) =>
          !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id) || /[\\/]shared[\\/]src[\\/]zod-config\.ts$/.test(id),
      },
    },
  },
});
