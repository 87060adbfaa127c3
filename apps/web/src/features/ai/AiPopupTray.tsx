import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import { Box, Button, ButtonBase, Tooltip, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { AI_LABELS, AI_URGENT_SECONDS, type AuthUser, aiPolicy, aiStateOf } from '@taxi/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { queryKeys } from '../../api/queryKeys';
import { usePreferences } from '../../app/preferences';
import { useRerenderAt } from '../../components/useRerenderAt';
import { visuallyHidden } from '../../components/visuallyHidden';
import { formatTime } from '../../i18n/format';
import { useCurrentUser, usePolicy } from '../auth/currentUser';
import { displayKeys, shortcutById } from '../keyboard/shortcuts';
import { toggleAiPanel } from './panel';
import { secondsLeft, useAiQueue, useTick } from './queue';
import { mmss } from './useCountdown';

const pulse = keyframes`
  0%, 100% { box-shadow: 0 0 0 0 rgba(255, 255, 255, 0.55); }
  50% { box-shadow: 0 0 0 4px rgba(255, 255, 255, 0); }
`;

/**
 * The AI popups' tray, in the toolbar (it can cover no form): how many popups wait, the nearest countdown, how many
 * are urgent (under 30 s: the tray turns red and, motion allowed, pulses). A click, or Alt+Shift+P, shows or hides
 * the panel. While the user's AI popups are snoozed — by hand, or by a time suggestion that reached zero — the tray
 * says until when, with a Resume button (PUT ai_status). Nothing waiting and no snooze: it is not there.
 */
export function AiPopupTray() {
  const enabled = usePolicy()(aiPolicy.popups);
  if (!enabled) return null;
  return <Tray />;
}

function Tray() {
  // Re-renders on a language change (the shared texts are read at render).
  useTranslation();
  const me = useCurrentUser();
  const qc = useQueryClient();
  const { queue, autoSnoozedAt } = useAiQueue();
  const { ai_panel } = usePreferences();
  const now = useTick(queue.length > 0);
  const nextId = useId();
  const first = aiStateOf(me.ai_status, Date.now());
  const status = aiStateOf(me.ai_status, useRerenderAt(first.until));

  const resume = useApiMutation({
    mutationFn: () => api(endpoints.aiStatus, { body: { snoozed_at: null } }),
    onSuccess: (res) =>
      qc.setQueryData<AuthUser>(queryKeys.auth.me, (u) => (u && res.data ? { ...u, ai_status: res.data } : u)),
  });

  const snoozed = status.state === 'snoozed' && status.until !== null;
  if (queue.length === 0 && !snoozed) return null;

  const left = queue.map((p) => Math.max(0, secondsLeft(p, now)));
  const next = left.length ? Math.min(...left) : 0;
  const urgent = left.filter((s) => s <= AI_URGENT_SECONDS).length;
  const open = ai_panel === 'open';
  const keys = displayKeys(shortcutById('ai.popups').keys[0]).join('+');
  const auto = snoozed && autoSnoozedAt !== null && autoSnoozedAt === me.ai_status.snoozed_at;
  const until = status.until === null ? '' : formatTime(status.until);
  // What the button shows, its parts in their order: the count, the nearest countdown, the urgent ones.
  const shown = [AI_LABELS.tray(queue.length), mmss(next), ...(urgent ? [AI_LABELS.trayUrgent(urgent)] : [])].join(' ');

  return (
    <Box
      data-testid="ai-popup-tray"
      data-count={queue.length}
      data-urgent={urgent}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mx: 0.5, minWidth: 0, flexShrink: 0 }}
    >
      {queue.length > 0 && (
        <Tooltip title={`${open ? AI_LABELS.hidePopups : AI_LABELS.showPopups} (${keys})`}>
          <ButtonBase
            onClick={toggleAiPanel}
            aria-pressed={open}
            // Its name begins with what it shows, in the order shown (a voice command says what it sees; axe:
            // label-content-name-mismatch), then what a click does; the countdown's meaning is its description.
            aria-label={`${shown}. ${open ? AI_LABELS.hidePopups : AI_LABELS.showPopups}`}
            aria-describedby={nextId}
            data-testid="ai-popup-toggle"
            sx={{
              borderRadius: 4,
              px: 1.25,
              py: 0.5,
              gap: 1,
              border: 1,
              borderColor: 'rgba(255, 255, 255, 0.5)',
              bgcolor: urgent ? 'error.main' : open ? 'rgba(255, 255, 255, 0.16)' : 'transparent',
              color: urgent ? 'error.contrastText' : 'inherit',
              '&:hover': { bgcolor: urgent ? 'error.dark' : 'rgba(255, 255, 255, 0.12)' },
              '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
              ...(urgent > 0 && {
                '@media (prefers-reduced-motion: no-preference)': { animation: `${pulse} 1.2s ease-in-out infinite` },
              }),
            }}
          >
            <PendingActionsOutlinedIcon fontSize="small" aria-hidden="true" />
            {/* The count: with its words on a wide screen, the number alone on a narrow one. The spaces between the
                parts are not drawn (flex items) but keep their words apart in the button's text. */}
            <Typography component="span" variant="body2" sx={{ fontWeight: 500 }} data-testid="ai-popup-count">
              <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
                {AI_LABELS.tray(queue.length)}
              </Box>
              <Box component="span" sx={{ display: { xs: 'inline', lg: 'none' } }}>
                {queue.length}
              </Box>
            </Typography>{' '}
            <Typography
              component="span"
              variant="body2"
              sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: urgent ? 700 : 400 }}
              data-testid="ai-popup-next"
              dir="ltr"
            >
              {mmss(next)}
            </Typography>{' '}
            {urgent > 0 && (
              <Typography component="span" variant="body2" sx={{ fontWeight: 700 }} data-testid="ai-popup-urgent">
                {AI_LABELS.trayUrgent(urgent)}
              </Typography>
            )}
          </ButtonBase>
        </Tooltip>
      )}
      {queue.length > 0 && (
        <Box component="span" id={nextId} sx={visuallyHidden}>
          {AI_LABELS.trayNext(mmss(next))}
        </Box>
      )}
      {snoozed && (
        <Box
          data-testid="ai-popup-snooze"
          data-auto={auto ? '1' : '0'}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
        >
          <Tooltip title={auto ? AI_LABELS.autoSnoozedHelp : AI_LABELS.snoozedHelp}>
            <Typography component="span" variant="body2" noWrap sx={{ fontWeight: 500 }} tabIndex={0}>
              {auto ? AI_LABELS.autoSnoozed(until) : AI_LABELS.stateSnoozed(until)}
            </Typography>
          </Tooltip>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            disabled={resume.isPending}
            onClick={() => resume.mutate()}
            data-testid="ai-popup-resume"
            sx={{ py: 0, minWidth: 0, flexShrink: 0 }}
          >
            {AI_LABELS.resumePopups}
          </Button>
        </Box>
      )}
    </Box>
  );
}
