// First: zod's configuration for the CSP (jitless), before any schema parses.
import '@taxi/shared/zod-config';
// Arabic glyphs from the console's own files (loaded only when Arabic text is drawn, by unicode-range): the
// interface reads the same on a machine without an Arabic system font.
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-500.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import { MSG, PUBLIC_PATHS, TOKEN_REFUSALS } from '@taxi/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setHttpHandlers } from './api/client';
import { toast } from './api/toast';
import { Providers } from './app/Providers';
import { startPreferences } from './app/preferences';
import { router } from './app/router';
import { endSession } from './features/auth/api';
import { setLoginNotice } from './features/auth/loginNotice';

// 401 → logout flow; an expired token (the answer's reason, whatever the language) says so and goes to /login.
// 403 → toast and /forbidden.
setHttpHandlers({
  onUnauthorized: (error) => {
    endSession();
    if (error.reason === TOKEN_REFUSALS.expired) {
      // Shown by the sign-in page when it is drawn (features/auth/loginNotice.ts).
      setLoginNotice(MSG.tokenExpired);
      void router.navigate(PUBLIC_PATHS.login, { replace: true });
    }
  },
  onForbidden: (error) => {
    toast.error(error.serverMessage ?? MSG.forbidden);
    void router.navigate(PUBLIC_PATHS.forbidden);
  },
});

// A console left open across a deploy asks for page chunks that no longer exist: load the new version
// once (not again within a minute, so a broken deploy cannot loop).
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('taxi.reloadedForChunks') ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem('taxi.reloadedForChunks', String(Date.now()));
  window.location.reload();
});

// The remembered language's catalogue first, so the first paint is already in that language.
await startPreferences();
document.title = MSG.appTitle;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
