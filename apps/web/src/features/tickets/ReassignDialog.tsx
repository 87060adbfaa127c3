import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { TICKET_MSG, type TicketDto } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { type PickerOption, UserPicker } from '../../components/pickers';
import { useQueueCache } from './api';

/** Gives a ticket to another staff member (PUT tickets/{id}/reassign). */
export function ReassignDialog({ ticket, onClose }: { ticket: TicketDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const cache = useQueueCache();
  const [user, setUser] = useState<PickerOption | null>(null);
  const [error, setError] = useState<string | undefined>();
  const reassign = useApiMutation({
    mutationFn: (vars: { id: number; userId: number }) =>
      api(endpoints.reassignTicket, { params: { id: vars.id }, body: { user_id: vars.userId } }),
    onSuccess: (reply) => {
      toast.success(reply.message ?? TICKET_MSG.reassigned);
      cache.refreshLists();
      cache.refetchQueue();
      setUser(null);
      onClose();
    },
  });
  return (
    <Dialog open={ticket !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="reassign-title">
      <DialogTitle id="reassign-title">
        {TICKET_MSG.reassign} · {ticket ? TICKET_MSG.ticket(ticket.id) : ''}
      </DialogTitle>
      <DialogContent>
        <UserPicker
          label={TICKET_MSG.assignee}
          value={user}
          onChange={(v) => {
            setUser(v);
            setError(undefined);
          }}
          error={error}
          testId="reassign-user"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button
          variant="contained"
          disabled={reassign.isPending}
          onClick={() => {
            if (!ticket) return;
            if (!user) return setError(TICKET_MSG.fieldRequired);
            reassign.mutate({ id: ticket.id, userId: user.id });
          }}
        >
          {TICKET_MSG.reassign}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
