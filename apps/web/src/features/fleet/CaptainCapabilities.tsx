import { Button, Checkbox, FormControlLabel, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CAPABILITY_LABELS, CAPTAIN_CAPABILITIES, type CaptainCapability } from '@taxi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { FetchState } from '../../components/FetchState';

const capabilityKeys = (id: number) => ['fleet', 'capabilities', id] as const;

/** A captain's capabilities: what they and their car offer, the booking constraints they satisfy. */
export function CaptainCapabilities({ captainId, canEdit }: { captainId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: capabilityKeys(captainId),
    queryFn: ({ signal }) => apiData(endpoints.captainCapabilities, { params: { id: captainId }, signal }),
  });
  const [ticked, setTicked] = useState<string[]>([]);
  useEffect(() => setTicked(query.data?.capabilities ?? []), [query.data]);
  const save = useApiMutation({
    mutationFn: (capabilities: string[]) =>
      api(endpoints.saveCaptainCapabilities, { params: { id: captainId }, body: { capabilities } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      qc.setQueryData(capabilityKeys(captainId), res.data);
    },
  });
  if (!query.data) return <FetchState query={query} />;
  const toggle = (c: CaptainCapability) =>
    setTicked((list) => (list.includes(c) ? list.filter((x) => x !== c) : [...list, c]));
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="textSecondary">
        {t('What the captain and their car offer: the booking constraints they satisfy.')}
      </Typography>
      <List dense aria-label={t('Capabilities')} data-testid="captain-capabilities">
        {CAPTAIN_CAPABILITIES.map((c) => (
          <ListItem key={c} disableGutters>
            <FormControlLabel
              control={
                <Checkbox size="small" checked={ticked.includes(c)} disabled={!canEdit} onChange={() => toggle(c)} />
              }
              label={t(CAPABILITY_LABELS[c])}
            />
          </ListItem>
        ))}
      </List>
      {canEdit && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" loading={save.isPending} onClick={() => save.mutate(ticked)}>
            {t('Save')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
