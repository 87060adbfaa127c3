import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { textDirection } from '@taxi/shared/i18n';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import rtlPlugin from 'stylis-plugin-rtl';
import { queryClient } from '../api/queryClient';
import { usePreferences } from './preferences';
import { buildTheme } from './theme';

const Toaster = lazy(() => import('./Toaster'));

// Right-to-left flips every `left`/`right`, margin and padding of the styles at insertion (MUI's RTL
// recipe); the two caches keep both directions' styles apart.
const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] }),
};

export function Providers({ children }: { children: ReactNode }) {
  const preferences = usePreferences();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = preferences.theme === 'system' ? (systemDark ? 'dark' : 'light') : preferences.theme;
  const direction = textDirection(preferences.language);
  const theme = useMemo(() => buildTheme(mode, preferences.language), [mode, preferences.language]);

  return (
    <CacheProvider value={caches[direction]}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <QueryClientProvider client={queryClient}>
          {/* A new language re-renders every page from its texts (a rare, deliberate switch). */}
          <LanguageBoundary key={preferences.language}>{children}</LanguageBoundary>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

function LanguageBoundary({ children }: { children: ReactNode }) {
  return children;
}
