import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { BOOKING_MSG, type BookingDto, COUNTDOWN_RED_SECONDS, LOYALTY_CLASSES, mmss, secondsLeft } from '@taxi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from './useNow';

const LOYALTY_COLOURS: Record<string, string> = { P0: '#8d6e63', P1: '#9e9e9e', P2: '#f9a825', P3: '#5c6bc0' };

export function Countdown({ until, testId }: { until: string | null | undefined; testId?: string }) {
  const now = useNow();
  const left = secondsLeft(until, now);
  return (
    <Typography
      component="span"
      data-testid={testId}
      sx={{
        fontFamily: 'monospace',
        fontWeight: 700,
        fontSize: 13,
        color: left < COUNTDOWN_RED_SECONDS ? 'error.main' : 'success.main',
      }}
    >
      {mmss(left)}
    </Typography>
  );
}

/** Countdown to the order time, hours included when far away. */
export function OrderCountdown({ datetime }: { datetime: string }) {
  const now = useNow();
  const left = secondsLeft(datetime, now);
  const hours = Math.floor(left / 3600);
  const text = hours > 0 ? `${hours}h ${mmss(left % 3600)}` : mmss(left);
  return (
    <Typography
      component="span"
      data-testid="order-countdown"
      sx={{
        fontFamily: 'monospace',
        fontWeight: 700,
        fontSize: 13,
        color: left < COUNTDOWN_RED_SECONDS ? 'error.main' : 'text.secondary',
      }}
    >
      {text}
    </Typography>
  );
}

export function Loyalty({ booking }: { booking: BookingDto }) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const cls = booking.passenger.active_loyalty_classes.find((c) =>
    (LOYALTY_CLASSES as readonly string[]).includes(c.name),
  );
  if (!cls)
    return (
      <Typography component="span" sx={{ fontSize: 11, color: 'text.disabled', fontWeight: 600 }}>
        {BOOKING_MSG.noClass}
      </Typography>
    );
  return (
    <Tooltip title={cls.name}>
      <Stack
        direction="row"
        style={{ alignItems: 'center' }}
        component="span"
        sx={{ color: LOYALTY_COLOURS[cls.name] }}
        data-testid="loyalty"
      >
        <WorkspacePremiumIcon sx={{ fontSize: 16 }} />
        {/* The class colour is the icon's; the text keeps the theme's contrast. */}
        <Typography component="span" sx={{ fontSize: 11, fontWeight: 700, color: 'text.primary' }}>
          {cls.name}
        </Typography>
      </Stack>
    </Tooltip>
  );
}

export function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ fontSize: 13, minWidth: 0 }}>
      <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary', minWidth: 64, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{children}</Box>
    </Stack>
  );
}
