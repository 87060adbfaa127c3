import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  BROADCAST_BODY_MAX,
  BROADCAST_LABELS,
  BROADCAST_TARGET_KINDS,
  type BroadcastDto,
  type BroadcastTargetKind,
  type DeliveryCounts,
  parseTarget,
  TARGET_NEEDS_ID,
} from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PagedColumn } from '../../components/PagedTable';
import { PhoneNumbersInput } from '../../components/pickers';
import { translateText } from '../../i18n';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useBroadcastPreview, useBroadcastTargets } from './api';

/** Who a message is for, in the current language: "All online captains", "Sector Monte-Carlo"… */
export function targetText(
  t: TFunction,
  target: { target_kind: BroadcastTargetKind; target_name: string | null; target_id: number | null },
): string {
  const name = target.target_name ?? `#${target.target_id ?? ''}`;
  switch (target.target_kind) {
    case 'sector':
      return t('Sector {{name}}', { name });
    case 'service':
      return t('Service {{name}}', { name: dataLabel(name) });
    default:
      return BROADCAST_LABELS.targets[target.target_kind];
  }
}

/**
 * The target of a message: a kind, then the sector or service it names, or the phone numbers it lists.
 * `value` is the target's code (`online`, `shift`, `numbers`, `sector:3`, `service:2`; `sector:` while no
 * sector is chosen yet); `numbers` the listed phone numbers, one per line.
 */
export function TargetPicker({
  value,
  onChange,
  error,
  numbers,
  onNumbers,
  numbersError,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  numbers: string[];
  onNumbers: (numbers: string[]) => void;
  numbersError?: string;
}) {
  const { t } = useTranslation();
  const targets = useBroadcastTargets();
  const [kind, id = ''] = value.split(':') as [BroadcastTargetKind, string?];
  const options = kind === 'sector' ? targets.data?.sectors : kind === 'service' ? targets.data?.services : undefined;
  const picker = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        fullWidth
        name="target_kind"
        label={t('Send to')}
        value={kind}
        onChange={(e) => {
          const next = e.target.value as BroadcastTargetKind;
          onChange(TARGET_NEEDS_ID[next] ? `${next}:` : next);
        }}
        error={!!error && !TARGET_NEEDS_ID[kind]}
        helperText={
          kind === 'shift'
            ? t('The captains whose planned shift has started')
            : !TARGET_NEEDS_ID[kind] && error
              ? translateText(error)
              : undefined
        }
        slotProps={{ htmlInput: { 'data-testid': 'broadcast-target-kind' } }}
      >
        {BROADCAST_TARGET_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {BROADCAST_LABELS.targets[k]}
          </MenuItem>
        ))}
      </TextField>
      {TARGET_NEEDS_ID[kind] && (
        <TextField
          select
          fullWidth
          required
          name="target_id"
          label={kind === 'sector' ? t('Sector') : t('Service')}
          value={options?.some((o) => String(o.id) === id) ? id : ''}
          onChange={(e) => onChange(`${kind}:${e.target.value}`)}
          error={!!error}
          helperText={error ? translateText(error) : undefined}
        >
          {(options ?? []).map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {kind === 'service' ? dataLabel(o.name) : o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
  if (kind !== 'numbers') return picker;
  return (
    <Stack spacing={2}>
      {picker}
      <PhoneNumbersInput
        name="phone_numbers"
        label={t('Captains’ phone numbers')}
        required
        value={numbers}
        onChange={onNumbers}
        error={numbersError ? translateText(numbersError) : undefined}
        testId="broadcast-numbers"
      />
    </Stack>
  );
}

/** The message's text, with how many characters are left. */
export function MessageField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      multiline
      minRows={3}
      fullWidth
      required
      name="body"
      label={t('Message')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={
        error
          ? translateText(error)
          : t('{{count}} of {{max}} characters', { count: value.length, max: BROADCAST_BODY_MAX })
      }
      slotProps={{ htmlInput: { maxLength: BROADCAST_BODY_MAX, 'data-testid': 'broadcast-body' } }}
    />
  );
}

/**
 * "This message reaches N captains now", once the target is complete; for listed numbers, how many are listed
 * (their captains are found when the message is sent).
 */
export function PreviewLine({ target, numbers = 0 }: { target: string; numbers?: number }) {
  const { t } = useTranslation();
  const preview = useBroadcastPreview(target);
  const complete = parseTarget(target) !== null;
  return (
    <Typography variant="body2" color="textSecondary" aria-live="polite" data-testid="broadcast-preview">
      {!complete
        ? t('Choose who receives the message')
        : target === 'numbers'
          ? t('{{count}} numbers listed: their captains are found when the message is sent', { count: numbers })
          : preview.data
            ? t('This message reaches {{count}} captains now', { count: preview.data.captains })
            : t('Counting captains…')}
    </Typography>
  );
}

/** Targeted, delivered and read, side by side. */
export function DeliveryCountsView({ counts }: { counts: DeliveryCounts }) {
  const { t } = useTranslation();
  const item = (key: keyof DeliveryCounts, label: string) => (
    <Box key={key}>
      <Typography variant="caption" color="textSecondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={`count-${key}`}>
        {formatNumber(counts[key])}
      </Typography>
    </Box>
  );
  return (
    <Stack direction="row" spacing={4}>
      {item('targeted', t('Targeted'))}
      {item('delivered', t('Delivered'))}
      {item('read', t('Read'))}
    </Stack>
  );
}

/** The columns of a list of sent messages (the broadcast history, a scheduled message's runs). */
export function broadcastColumns(t: TFunction): PagedColumn<BroadcastDto>[] {
  return [
    { key: 'sent', label: t('Sent'), render: (b) => formatDateTime(b.created_at), sx: { whiteSpace: 'nowrap' } },
    {
      key: 'body',
      label: t('Message'),
      render: (b) => b.body,
      sx: { maxWidth: 420, overflowWrap: 'anywhere' },
    },
    { key: 'target', label: t('Target'), render: (b) => targetText(t, b) },
    {
      key: 'sender',
      label: t('Sender'),
      render: (b) => (b.source === 'scheduled' ? t('Scheduled message') : (b.sender ?? '—')),
    },
    { key: 'targeted', label: t('Targeted'), render: (b) => formatNumber(b.counts.targeted), align: 'right' },
    { key: 'delivered', label: t('Delivered'), render: (b) => formatNumber(b.counts.delivered), align: 'right' },
    { key: 'read', label: t('Read'), render: (b) => formatNumber(b.counts.read), align: 'right' },
  ];
}
