import { PROTECTED_ROUTES, PUBLIC_PATHS, type RouteMeta } from '@taxi/shared';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { ResetPasswordEmailPage } from '../features/auth/ResetPasswordEmailPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { NavigationProgress, ProductionBanner } from './globalChrome';
import { ProtectedRoot, type RouteHandle } from './ProtectedRoot';
import { PAGES } from './pages';
import { ForbiddenPage, NotFoundPage, PlannedPage } from './StatusPages';

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

/** One route per PROTECTED_ROUTES entry: the registered feature page (lazy) or the planned page. */
function protectedRoute(meta: RouteMeta): RouteObject {
  const handle: RouteHandle = { meta };
  const loader = PAGES[meta.name];
  const path = meta.path.replace(/^\//, '');
  if (!loader) return { path, handle, element: <PlannedPage meta={meta} /> };
  return { path, handle, lazy: async () => ({ Component: (await loader()).default }) };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: PUBLIC_PATHS.login, Component: LoginPage },
      { path: PUBLIC_PATHS.notFound, Component: NotFoundPage },
      { path: PUBLIC_PATHS.forbidden, Component: ForbiddenPage },
      { path: PUBLIC_PATHS.resetPassword, Component: ResetPasswordPage },
      { path: PUBLIC_PATHS.resetPasswordEmail, Component: ResetPasswordEmailPage },
      {
        path: '/',
        Component: ProtectedRoot,
        children: [{ index: true, Component: () => null }, ...PROTECTED_ROUTES.map(protectedRoute)],
      },
      { path: '*', Component: () => <Navigate to={PUBLIC_PATHS.notFound} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
