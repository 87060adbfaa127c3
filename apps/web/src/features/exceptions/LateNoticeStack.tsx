import CloseIcon from '@mui/icons-material/Close';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, IconButton, Link, Paper, Typography } from '@mui/material';
import { BOOKING_MSG, bookingPolicy, EXCEPTIONS_UI, pathTo } from '@taxi/shared';
import { type FocusEvent, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatch } from 'react-router';
import { usePolicy } from '../auth/currentUser';
import { type LateNotice, lateNotices } from './notices';

/**
 * Where the stack sits: the content area's bottom corner at the end side (the start side holds the drawer and the
 * forms' columns), beside the floating phone-booking button (end 24 px, 56 px wide) and above its row (the AI tray).
 * Under the drawer, the app bar, the AI popups and every dialog (their z-indexes are above): never over their actions.
 */
export const NOTICE_STACK_PLACE = { end: 96, bottom: 88, width: 340 } as const;

const text = (n: LateNotice) =>
  n.kind === 'late_booking'
    ? BOOKING_MSG.lateBooking(n.bookingId)
    : BOOKING_MSG.lateCaptain(n.bookingId, n.captainName ?? '');

const toBoard = (bookingId?: number) =>
  bookingId === undefined ? pathTo('Exceptions') : `${pathTo('Exceptions')}?booking=${bookingId}`;

function Notice({ notice, linked }: { notice: LateNotice; linked: boolean }) {
  return (
    <Paper
      elevation={6}
      data-testid="late-notice"
      data-booking={notice.bookingId}
      data-kind={notice.kind}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        pl: 1.5,
        pr: 0.5,
        py: 0.75,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
      }}
    >
      <WarningAmberIcon fontSize="small" sx={{ mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontSize: 13, fontWeight: 600, lineHeight: 1.4 }}>{text(notice)}</Typography>
        {linked && (
          <Link
            component={RouterLink}
            to={toBoard(notice.bookingId)}
            color="inherit"
            underline="always"
            sx={{ fontSize: 12 }}
            data-testid="late-notice-link"
          >
            {EXCEPTIONS_UI.openExceptions}
          </Link>
        )}
      </Box>
      <IconButton
        size="small"
        color="inherit"
        aria-label={EXCEPTIONS_UI.dismiss}
        onClick={() => lateNotices.dismiss(notice.key)}
        data-testid="late-notice-dismiss"
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/**
 * The late notices: at most three, the newest nearest the corner; older ones collapse into "+N more", a link to the
 * exceptions board. They leave by themselves after the late toasts' time, not while the pointer or the focus is on
 * them. A polite live region: announced, never focused, never opening anything. On the exceptions board itself
 * there are none (its rows arrive live in their place).
 */
export function LateNoticeStack() {
  useTranslation();
  const linked = usePolicy()(bookingPolicy.exceptions);
  const stack = useSyncExternalStore(lateNotices.subscribe, () => lateNotices.stack);
  // On the board itself the rows are the news: no notice over its own actions.
  const onBoard = useMatch(pathTo('Exceptions')) !== null;

  useEffect(() => {
    if (onBoard) {
      lateNotices.clear();
      return;
    }
    // Nothing left to point at or focus: no pause can outlive the stack.
    if (stack.shown.length === 0) lateNotices.resume();
    const next = lateNotices.expire();
    if (next === null) return;
    const timer = setTimeout(() => lateNotices.expire(), Math.max(0, next - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [stack, onBoard]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) lateNotices.resume();
  };

  return (
    <Box
      role="log"
      aria-label={EXCEPTIONS_UI.notices}
      data-testid="late-notices"
      onMouseEnter={() => lateNotices.pause()}
      onMouseLeave={() => lateNotices.resume()}
      onFocus={() => lateNotices.pause()}
      onBlur={onBlur}
      sx={{
        position: 'fixed',
        right: NOTICE_STACK_PLACE.end,
        bottom: NOTICE_STACK_PLACE.bottom,
        width: NOTICE_STACK_PLACE.width,
        maxWidth: `calc(100vw - ${NOTICE_STACK_PLACE.end + 24}px)`,
        zIndex: (t) => t.zIndex.drawer - 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        // The empty stack takes no clicks from the page beneath it.
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {stack.more > 0 && !linked && (
        <Typography sx={{ alignSelf: 'flex-end', fontSize: 12, fontWeight: 600 }} data-testid="late-notices-more">
          {EXCEPTIONS_UI.more(stack.more)}
        </Typography>
      )}
      {stack.more > 0 && linked && (
        <Button
          size="small"
          variant="contained"
          color="warning"
          component={RouterLink}
          to={toBoard()}
          aria-label={EXCEPTIONS_UI.moreName(stack.more)}
          data-testid="late-notices-more"
          sx={{ alignSelf: 'flex-end', py: 0.25, boxShadow: 6 }}
        >
          {EXCEPTIONS_UI.more(stack.more)}
        </Button>
      )}
      {stack.shown.map((notice) => (
        <Notice key={notice.key} notice={notice} linked={linked} />
      ))}
    </Box>
  );
}
