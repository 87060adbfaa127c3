import { Button, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type BroadcastCreateInput, broadcastCreateSchema, broadcastPolicy } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { PagedTable, usePaging } from '../../components/PagedTable';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { broadcastKeys, useBroadcast, useBroadcastHistory, useBroadcastsInvalidate } from './api';
import {
  broadcastColumns,
  DeliveryCountsView,
  MessageField,
  PreviewLine,
  TargetPicker,
  targetText,
} from './components';

type Errors = Partial<Record<keyof BroadcastCreateInput, string>>;

const firstErrors = (errors: Record<string, string[]>): Errors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0]]));

/** /broadcast (CAPTAINS): a message to captains now, how far it went, and the messages sent before. */
export default function BroadcastPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const client = useQueryClient();
  const invalidate = useBroadcastsInvalidate();
  const [target, setTarget] = useState('online');
  const [numbers, setNumbers] = useState<string[]>([]);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sentId, setSentId] = useState<number | null>(null);
  const idempotency = useIdempotencyKey();
  const paging = usePaging();
  const history = useBroadcastHistory(paging.page + 1, paging.perPage);
  const sent = useBroadcast(sentId);
  const canSend = allows(broadcastPolicy.send);

  const send = useApiMutation({
    mutationFn: (input: BroadcastCreateInput) =>
      api(endpoints.sendBroadcast, { body: input, idempotencyKey: idempotency.key() }),
    onSettled: (_data, error) => idempotency.settle(error ?? undefined),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      client.setQueryData(broadcastKeys.one(res.data.id), res.data);
      setSentId(res.data.id);
      setBody('');
      setErrors({});
      paging.reset();
      void invalidate.broadcasts();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setErrors(firstErrors(error.errors));
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = broadcastCreateSchema.safeParse({
      body,
      target,
      ...(target === 'numbers' ? { phone_numbers: numbers } : {}),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <Stack spacing={2}>
      {canSend && (
        <Paper
          variant="outlined"
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ p: 2, maxWidth: 880 }}
          aria-labelledby="broadcast-new-title"
          data-testid="broadcast-form"
        >
          <Stack spacing={2}>
            <Typography variant="h6" component="h2" id="broadcast-new-title">
              {t('New message')}
            </Typography>
            <TargetPicker
              value={target}
              onChange={setTarget}
              error={errors.target}
              numbers={numbers}
              onNumbers={setNumbers}
              numbersError={errors.phone_numbers}
            />
            <MessageField value={body} onChange={setBody} error={errors.body} />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <PreviewLine target={target} numbers={numbers.length} />
              <Button type="submit" variant="contained" loading={send.isPending} data-testid="broadcast-send">
                {t('Send')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}

      {sent.data && (
        <Paper
          variant="outlined"
          sx={{ p: 2, maxWidth: 880 }}
          aria-labelledby="broadcast-sent-title"
          data-testid="broadcast-sent"
        >
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2" id="broadcast-sent-title">
              {t('Message sent')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {formatDateTime(sent.data.created_at)} · {targetText(t, sent.data)}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{sent.data.body}</Typography>
            <DeliveryCountsView counts={sent.data.counts} />
          </Stack>
        </Paper>
      )}

      <Typography variant="h6" component="h2">
        {t('Sent messages')}
      </Typography>
      <PagedTable
        columns={broadcastColumns(t)}
        query={history}
        paging={paging}
        rowKey={(b) => b.id}
        testId="broadcast-history"
      />
    </Stack>
  );
}
