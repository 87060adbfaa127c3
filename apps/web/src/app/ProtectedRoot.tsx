import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AuthUser, EVENTS, MSG, mayOpen, type RouteMeta, sessionPolicy } from '@taxi/shared';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { errorMessage } from '../api/client';
import { api, endpoints } from '../api/endpoints';
import { queryKeys } from '../api/queryKeys';
import { useSession } from '../api/session';
import { connectSocket, disconnectSocket, useSocketEvent } from '../api/socket';
import { homePath, meQuery } from '../features/auth/api';
import { CurrentUserProvider, usePolicy } from '../features/auth/currentUser';
import { useBookingRealtime } from '../features/bookings/realtime';
import { useExceptionsRealtime } from '../features/exceptions/api';
import { PushRegistration } from '../features/push/PushRegistration';
import { VoiceLifecycle } from '../features/voice/VoiceLifecycle';
import { AppShell } from './AppShell';
import { adoptUserPreferences } from './preferences';
import { NoAccessContent } from './StatusPages';

export interface RouteHandle {
  meta: RouteMeta;
}

/** Opens the live socket for this user (sessionPolicy.socket: none for airport roles) and writes its events
 * into the caches: the one place realtime is wired. */
function SocketLifecycle({ token }: { token: string }) {
  const client = useQueryClient();
  const live = usePolicy()(sessionPolicy.socket);
  useEffect(() => {
    if (!live) return;
    connectSocket(token);
    return () => disconnectSocket();
  }, [live, token]);

  useSocketEvent(EVENTS.aiStatusUpdated, ({ user_id, ai_status }) => {
    client.setQueryData<AuthUser>(queryKeys.auth.me, (me) => (me && me.id === user_id ? { ...me, ai_status } : me));
  });
  useBookingRealtime();
  useExceptionsRealtime();
  return null;
}

/** The root of every protected page: validates the token with check_auth, then guards the route's permission
 * and renders the shell. */
export function ProtectedRoot() {
  const session = useSession();
  const location = useLocation();
  const matches = useMatches();
  const me = useQuery({ ...meQuery, enabled: !!session });

  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (me.isPending) {
    return (
      <Box sx={{ p: 4 }} data-testid="session-check">
        <LinearProgress />
        <Typography color="textSecondary" sx={{ mt: 2 }}>
          {MSG.loadingSession}
        </Typography>
      </Box>
    );
  }
  if (me.isError) {
    // A 401 has already run the logout flow (the session is gone and this re-renders to /login).
    return (
      <Box sx={{ p: 4 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => me.refetch()}>
              {MSG.retry}
            </Button>
          }
        >
          {MSG.sessionCheckFailed} {errorMessage(me.error)}
        </Alert>
      </Box>
    );
  }

  const user = me.data;
  const meta = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.meta)?.handle as
    | RouteHandle
    | undefined;
  const home = homePath(user);
  let content = <Outlet />;
  if (location.pathname === '/') content = <Navigate to={home} replace />;
  else if (meta && !mayOpen(meta.meta, user)) {
    // The guard sends the user to the start page; on the start page itself, say so instead of looping.
    content = location.pathname === home ? <NoAccessContent /> : <Navigate to={home} replace />;
  }

  return (
    <CurrentUserProvider user={user}>
      <UserPreferences userId={user.id} saved={user.preferences} />
      <VoiceLifecycle token={session.accessToken} />
      <SocketLifecycle token={session.accessToken} />
      <PushRegistration />
      <AppShell meta={meta?.meta}>{content}</AppShell>
    </CurrentUserProvider>
  );
}

/** Applies the signed-in user's saved language and theme, and saves their next choices. */
function UserPreferences({ userId, saved }: { userId: number; saved: AuthUser['preferences'] }) {
  useEffect(() => {
    void adoptUserPreferences(userId, saved, (patch) => api(endpoints.setPreferences, { body: patch }));
  }, [userId, saved]);
  return null;
}
