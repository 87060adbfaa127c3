import { Button } from '@mui/material';
import { APPROVAL_MSG, type NewPassengerPayload, pathTo } from '@taxi/shared';
import { useNavigate } from 'react-router';
import { toast } from '../../api/toast';
import { newPassengerText, useApprovalQueueRealtime } from './approvals';

/**
 * On `Dashboard:new_passenger` the passenger joins the approval queue (the toolbar's badge, its page) and a small
 * notice says so for the default toast's 3 s ('With Docs' or 'Without Docs', people.md §2) with a link to the queue.
 * Nothing opens by itself:
 * the confirmation wizard opens for the operator who claims the passenger there.
 */
export function NewPassengerOverlay() {
  const navigate = useNavigate();
  useApprovalQueueRealtime((passenger: NewPassengerPayload['passenger']) => {
    const to = pathTo('PassengerApprovals');
    // The toasts live outside the router: the link navigates through this overlay's navigate.
    toast.notice(
      newPassengerText(passenger),
      <Button
        color="inherit"
        size="small"
        href={to}
        onClick={(event) => {
          event.preventDefault();
          void navigate(to);
        }}
      >
        {APPROVAL_MSG.openQueue}
      </Button>,
    );
  });
  return null;
}
