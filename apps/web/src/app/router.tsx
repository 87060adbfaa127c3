import { PROTECTED_ROUTES, PUBLIC_PATHS, type RouteMeta } from '@taxi/shared';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { NavigationProgress, ProductionBanner } from './globalChrome';
import type { RouteHandle } from './ProtectedRoot';
import { fallbackPage, PAGES } from './pages';
import { RouteError } from './RouteError';

// Only the login page is in the first bundle: every other page, the signed-in shell included, is a chunk.
const statusPages = () => import('./StatusPages');

const PUBLIC = new Set<string>(Object.values(PUBLIC_PATHS));

function RootLayout() {
  // Protected pages show the banner inside their app bar.
  const { pathname } = useLocation();
  return (
    <>
      {PUBLIC.has(pathname) && <ProductionBanner />}
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/** One route per PROTECTED_ROUTES entry: the registered feature page (lazy), a fallback page or the planned
 * page. */
function protectedRoute(meta: RouteMeta): RouteObject {
  const handle: RouteHandle = { meta };
  const path = meta.path.replace(/^\//, '');
  return {
    path,
    handle,
    lazy: async () => {
      const loader = PAGES[meta.name] ?? (await fallbackPage(meta.name));
      if (loader) return { Component: (await loader()).default };
      const { PlannedPage } = await statusPages();
      return { element: <PlannedPage meta={meta} /> };
    },
  };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { path: PUBLIC_PATHS.login, Component: LoginPage },
      { path: PUBLIC_PATHS.notFound, lazy: async () => ({ Component: (await statusPages()).NotFoundPage }) },
      { path: PUBLIC_PATHS.forbidden, lazy: async () => ({ Component: (await statusPages()).ForbiddenPage }) },
      {
        path: PUBLIC_PATHS.resetPassword,
        lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }),
      },
      {
        path: PUBLIC_PATHS.resetPasswordEmail,
        lazy: async () => ({
          Component: (await import('../features/auth/ResetPasswordEmailPage')).ResetPasswordEmailPage,
        }),
      },
      {
        path: '/',
        // The shell (app bar, drawer, global dialogs, socket) is its own chunk: /login does not load it.
        lazy: async () => ({ Component: (await import('./ProtectedRoot')).ProtectedRoot }),
        children: [{ index: true, Component: () => null }, ...PROTECTED_ROUTES.map(protectedRoute)],
      },
      { path: '*', Component: () => <Navigate to={PUBLIC_PATHS.notFound} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
