import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import {
  Badge,
  Box,
  Button,
  Divider,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { AI_LABELS, type AiStatus, type AiStatusPatch, type AuthUser, aiPolicy, aiStateOf } from '@taxi/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { queryKeys } from '../../api/queryKeys';
import { toast } from '../../api/toast';
import { ToolbarPopover } from '../../components/ToolbarPopover';
import { useRerenderAt } from '../../components/useRerenderAt';
import { formatTime } from '../../i18n/format';
import { useCurrentUser, usePolicy } from '../auth/currentUser';

const DOT = { on: 'success.main', snoozed: 'warning.main', stopped: 'text.disabled' } as const;

/**
 * The user's AI status (shell.md §3: snoozed_at, snooze_interval, dispatch_interval, ai_stopped) in the
 * toolbar: a dot tells on / snoozed / stopped; the popover turns the AI popups on or off, ends a snooze
 * and sets the intervals. Every console of the user follows through 'AI status updated'.
 */
export function AiStatusButton() {
  const popups = usePolicy()(aiPolicy.popups);
  const me = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The control turns the AI popups on and off: only for those who get them (aiPolicy.popups).
  if (!popups) return null;
  return (
    <>
      <AiStatusDot status={me.ai_status} onOpen={setAnchor} />
      <ToolbarPopover anchor={anchor} onClose={() => setAnchor(null)}>
        {anchor && <AiStatusForm status={me.ai_status} />}
      </ToolbarPopover>
    </>
  );
}

function AiStatusDot({ status, onOpen }: { status: AiStatus; onOpen: (el: HTMLElement) => void }) {
  const first = aiStateOf(status, Date.now());
  const { state, until } = aiStateOf(status, useRerenderAt(first.until));
  const label = describe(state, until);
  const { t } = useTranslation();
  return (
    <Tooltip title={t('AI dispatch: {{state}}', { state: label })}>
      <IconButton
        color="inherit"
        aria-label={AI_LABELS.statusButton}
        data-testid="ai-status-button"
        data-state={state}
        onClick={(e) => onOpen(e.currentTarget)}
      >
        <Badge
          variant="dot"
          overlap="circular"
          sx={{ '& .MuiBadge-badge': { bgcolor: DOT[state], boxShadow: '0 0 0 2px rgba(255,255,255,0.6)' } }}
        >
          <SmartToyOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

function describe(state: 'on' | 'snoozed' | 'stopped', until: number | null): string {
  if (state === 'stopped') return AI_LABELS.stateStopped;
  if (state === 'snoozed' && until) return AI_LABELS.stateSnoozed(formatTime(until));
  return AI_LABELS.stateOn;
}

type Field = 'snooze_interval' | 'dispatch_interval';

function AiStatusForm({ status }: { status: AiStatus }) {
  const qc = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    snooze_interval: String(status.snooze_interval),
    dispatch_interval: String(status.dispatch_interval),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { state, until } = aiStateOf(status, Date.now());

  const mutation = useApiMutation({
    mutationFn: (patch: AiStatusPatch) => api(endpoints.aiStatus, { body: patch }),
    onSuccess: (res) => {
      qc.setQueryData<AuthUser>(queryKeys.auth.me, (u) => (u && res.data ? { ...u, ai_status: res.data } : u));
      setErrors({});
      if (res.message) toast.success(res.message);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        setErrors({
          snooze_interval: error.errors.snooze_interval?.[0],
          dispatch_interval: error.errors.dispatch_interval?.[0],
        });
      }
    },
  });
  const busy = mutation.isPending;
  const save = (patch: AiStatusPatch) => mutation.mutate(patch);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ snooze_interval: values.snooze_interval, dispatch_interval: values.dispatch_interval });
  };

  const field = (name: Field, label: string, help?: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={!!errors[name]}
      helperText={errors[name] ?? help}
      slotProps={{ htmlInput: { min: 0, max: 1440, 'data-testid': `ai-${name}` } }}
    />
  );

  return (
    <Box component="form" onSubmit={submit} sx={{ p: 2, width: 300 }} data-testid="ai-status-form">
      <Typography variant="subtitle2">{AI_LABELS.statusTitle}</Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }} data-testid="ai-status-state">
        {describe(state, until)}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={status.ai_stopped !== '1'}
            // Not disabled while saving: a disabled control drops the focus out of the popover (Escape stops working).
            onChange={(e) => {
              if (!busy) void save({ ai_stopped: !e.target.checked });
            }}
            slotProps={{ input: { 'aria-label': AI_LABELS.receivePopups } }}
          />
        }
        label={AI_LABELS.receivePopups}
      />
      {state === 'snoozed' && (
        <Button size="small" disabled={busy} onClick={() => void save({ snoozed_at: null })} sx={{ ml: -0.5 }}>
          {AI_LABELS.resume}
        </Button>
      )}
      <Divider sx={{ my: 1.5 }} />
      <Stack spacing={1.5}>
        {field('snooze_interval', AI_LABELS.snoozeInterval, AI_LABELS.snoozeHelp)}
        {field('dispatch_interval', AI_LABELS.dispatchInterval, AI_LABELS.dispatchHelp)}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="small" disabled={busy}>
            {AI_LABELS.save}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
