import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Tooltip,
  Typography,
  useTheme,
} from '@mui/material';
import { AI_LABELS, AI_TIMINGS } from '@taxi/shared';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { hideAiPanel, takeFocusOnShow } from './panel';
import { mmss } from './useCountdown';

/** Moving through the queue from the open popup. */
export interface QueueNav {
  at: number;
  of: number;
  onPrevious: () => void;
  onNext: () => void;
}

/** Runs a call once: toast with the server's message, then the popup closes (also on a 409: it is over). */
export function useAction(onDone: () => void) {
  const action = useApiMutation({
    mutationFn: (call: () => Promise<{ message?: string }>) => call(),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onDone();
    },
  });
  // Busy from the first answer on a success too: the popup is closing.
  const busy = action.isPending || action.isSuccess;
  const run = (call: () => Promise<{ message?: string }>) => {
    if (!busy) action.mutate(call);
  };
  return { busy, run };
}

function Countdown({ seconds, total }: { seconds: number; total: number }) {
  const value = Math.max(0, Math.min(100, (seconds / total) * 100));
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 180 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        color={seconds <= 30 ? 'error' : 'primary'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
        aria-label={AI_LABELS.countdown}
      />
      <Typography
        data-testid="ai-countdown"
        variant="h6"
        sx={{ fontVariantNumeric: 'tabular-nums', color: seconds <= 30 ? 'error.main' : 'text.primary' }}
      >
        {mmss(seconds)}
      </Typography>
    </Stack>
  );
}

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string | null }) {
  const value = (
    <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
      {children ?? '—'}
    </Typography>
  );
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
      {hint !== undefined ? (
        <Tooltip title={hint || AI_LABELS.noDetails} placement="top-start">
          <Box sx={{ cursor: 'help', textDecoration: 'underline dotted' }}>{value}</Box>
        </Tooltip>
      ) : (
        value
      )}
    </Box>
  );
}

export function Dot({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', width: 9, height: 9, borderRadius: '50%', bgcolor: colour, mr: 0.75 }}
    />
  );
}

/** The bottom of the app bar (its toolbar, and the production banner when shown): the panel starts below it. */
function useAppBarBottom(): number {
  const [bottom, setBottom] = useState(56);
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>('header.MuiAppBar-root');
    if (!bar) return;
    const measure = () => setBottom(Math.round(bar.getBoundingClientRect().bottom) + 8);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return bottom;
}

/**
 * An AI popup as a non-modal panel under the toolbar's tray, opened by the operator: the drawer and the board stay
 * usable. Escape (with focus in the panel) and the close button hide it (the popup stays in the tray); deciding is
 * the buttons' job.
 */
export function PopupFrame(props: {
  testId: string;
  title: string;
  seconds: number;
  /** The countdown's whole length (the payload's countdown_seconds; the default setting without it). */
  total?: number;
  nav: QueueNav;
  width: number;
  children: ReactNode;
  actions: ReactNode;
}) {
  const { nav } = props;
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const top = useAppBarBottom();
  useTranslation();
  // Previous/next arrows point the way the page reads.
  const flip = useTheme().direction === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  // Opened by the operator (or the next popup after one they answered): the focus comes here, so Escape works.
  useEffect(() => {
    if (takeFocusOnShow() || document.activeElement === document.body) ref.current?.focus();
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    hideAiPanel();
  };
  return (
    <Paper
      ref={ref}
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      tabIndex={-1}
      elevation={12}
      data-testid={props.testId}
      data-ai-panel=""
      onKeyDown={onKeyDown}
      sx={{
        position: 'fixed',
        right: 16,
        top,
        width: `min(${props.width}px, calc(100vw - 32px))`,
        maxHeight: `calc(100vh - ${top + 16}px)`,
        overflow: 'auto',
        // Over the page, under the app bar's menus and every modal dialog (it also hides while one is open).
        zIndex: (t) => t.zIndex.drawer + 2,
        outline: 'none',
      }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 2, pb: 1 }}>
        <Box sx={{ flex: 1 }}>
          {props.title}
          {nav.of > 1 && <Chip size="small" label={AI_LABELS.queued(nav.of - 1)} sx={{ ml: 1.5 }} />}
        </Box>
        <Countdown seconds={props.seconds} total={props.total ?? AI_TIMINGS.popupSeconds} />
        <Tooltip title={AI_LABELS.hidePopups}>
          <IconButton size="small" aria-label={AI_LABELS.hidePopups} onClick={hideAiPanel}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </DialogTitle>
      <DialogContent dividers>{props.children}</DialogContent>
      <DialogActions sx={{ px: 2, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {nav.of > 1 && (
          <Stack direction="row" sx={{ alignItems: 'center', mr: 'auto' }}>
            <IconButton size="small" aria-label={AI_LABELS.previous} onClick={nav.onPrevious}>
              <ChevronLeftIcon sx={flip} />
            </IconButton>
            <Typography variant="body2" data-testid="ai-popup-position">
              {AI_LABELS.position(nav.at, nav.of)}
            </Typography>
            <IconButton size="small" aria-label={AI_LABELS.next} onClick={nav.onNext}>
              <ChevronRightIcon sx={flip} />
            </IconButton>
          </Stack>
        )}
        {props.actions}
      </DialogActions>
    </Paper>
  );
}
