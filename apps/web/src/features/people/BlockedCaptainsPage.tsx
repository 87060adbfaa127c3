import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type CaptainDto, captainPolicy } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { toast } from '../../api/toast';
import { formatComplaintTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { usePeopleInvalidate } from './api';
import { CaptainList } from './CaptainsPage';

function UnblockButton({ c }: { c: CaptainDto }) {
  const { t } = useTranslation();
  const allows = usePolicy();
  const invalidate = usePeopleInvalidate();
  const unblock = useMutation({
    mutationFn: () => api(endpoints.unblockCaptain, { params: { id: c.id } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void invalidate.captains();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (!allows(captainPolicy.punish)) return null;
  return (
    <Button
      size="small"
      onClick={(e) => {
        e.stopPropagation();
        unblock.mutate();
      }}
      disabled={unblock.isPending}
    >
      {t('Unblock')}
    </Button>
  );
}

/** /blockedCaptains (Punishment): drivers blocked until a date, with the reason. */
export default function BlockedCaptainsPage() {
  const { t } = useTranslation();
  return (
    <CaptainList
      title={t('Punishment')}
      blocked
      filters={false}
      extraColumn={{
        label: t('Blocked until / reason'),
        render: (c) => (
          <>
            {formatComplaintTime(c.blocked_until)} — {c.block_reason} <UnblockButton c={c} />
          </>
        ),
      }}
    />
  );
}
