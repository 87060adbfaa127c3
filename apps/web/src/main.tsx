import { MSG, PUBLIC_PATHS } from '@taxi/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setHttpHandlers } from './api/client';
import { toast } from './api/toast';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { endSession } from './features/auth/api';

// 401 → logout flow; an expired token says so and goes to /login. 403 → toast and /forbidden.
setHttpHandlers({
  onUnauthorized: (message) => {
    endSession();
    if (message === MSG.tokenExpired) {
      toast.error(MSG.tokenExpired);
      void router.navigate(PUBLIC_PATHS.login, { replace: true });
    }
  },
  onForbidden: (message) => {
    toast.error(message || MSG.forbidden);
    void router.navigate(PUBLIC_PATHS.forbidden);
  },
});

document.title = MSG.appTitle;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
