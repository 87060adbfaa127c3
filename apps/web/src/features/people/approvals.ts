import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPROVAL_MSG,
  type ApprovalItemDto,
  type ApprovalUpdatedPayload,
  EVENTS,
  hasIdDocs,
  type NewPassengerPayload,
  PASSENGER_CLAIM_RENEW_MS,
  PEOPLE_MSG,
  passengerPolicy,
} from '@taxi/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { useSocketEvent } from '../../api/socket';
import { toast } from '../../api/toast';
import { usePolicy } from '../auth/currentUser';
import { peopleKeys } from './api';

type Queue = { passengers: ApprovalItemDto[]; total: number };

/** The queue of new passengers to approve (the toolbar's badge and its page read the same cache). */
export function usePassengerApprovals() {
  const enabled = usePolicy()(passengerPolicy.approvals);
  return useQuery({
    queryKey: peopleKeys.approvals,
    queryFn: ({ signal }) => apiData(endpoints.passengerApprovals, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** A live claim: one that has not run out (the server lets another operator take it after `expires_at`). */
export const liveClaimOf = (item: ApprovalItemDto, now: number) =>
  item.claim && Date.parse(item.claim.expires_at) > now ? item.claim : null;

/**
 * The queue follows the socket on every approver's console, page open or not: a new passenger joins it (with a small
 * notice that links to it — no dialog opens), a claim marks it taken at once, a decision takes it out.
 */
export function useApprovalQueueRealtime(onNewPassenger: (passenger: NewPassengerPayload['passenger']) => void) {
  const qc = useQueryClient();
  const allows = usePolicy();
  useSocketEvent(EVENTS.newPassenger, (payload: NewPassengerPayload) => {
    if (!allows(passengerPolicy.approvals)) return;
    void qc.invalidateQueries({ queryKey: peopleKeys.passengers });
    onNewPassenger(payload.passenger);
  });
  useSocketEvent(EVENTS.approvalUpdated, (p: ApprovalUpdatedPayload) => {
    const known = qc
      .getQueryData<Queue>(peopleKeys.approvals)
      ?.passengers.some((i) => i.passenger.id === p.passenger_id);
    qc.setQueryData<Queue>(peopleKeys.approvals, (q) => {
      if (!q) return q;
      if (!p.waiting)
        return { passengers: q.passengers.filter((i) => i.passenger.id !== p.passenger_id), total: q.total };
      return {
        ...q,
        passengers: q.passengers.map((i) => (i.passenger.id === p.passenger_id ? { ...i, claim: p.claim } : i)),
      };
    });
    // A passenger who left the queue, or one this console does not list yet: the count comes from the server.
    if (!p.waiting || !known) void qc.invalidateQueries({ queryKey: peopleKeys.approvals, exact: true });
  });
}

/** The new-passenger alert's text (people.md §2: 'With Docs' or 'Without Docs'). */
export const newPassengerText = (p: NewPassengerPayload['passenger']) =>
  APPROVAL_MSG.newPassengerNotice(p.full_name, hasIdDocs(p) ? PEOPLE_MSG.withDocs : PEOPLE_MSG.withoutDocs);

/**
 * Claiming a passenger of the queue opens the wizard for the claimer: `claim(id)` takes it (a 409 says who was
 * first), `wizardId` is the passenger whose wizard is open, and `close(approved)` ends it — without a decision the
 * claim is released, so the passenger waits for someone else. The open wizard renews its claim.
 */
export function useClaimedWizard() {
  const qc = useQueryClient();
  const [wizardId, setWizardId] = useState<number | null>(null);
  /** The claim was ended by close() (released or decided): the cleanup leaves it. */
  const ended = useRef(false);
  const claim = useApiMutation({
    mutationFn: (id: number) => api(endpoints.claimPassenger, { params: { id } }),
    onSuccess: (res) => {
      ended.current = false;
      setWizardId(res.data.passenger_id);
    },
    onError: () => void qc.invalidateQueries({ queryKey: peopleKeys.approvals, exact: true }),
  });
  useEffect(() => {
    if (wizardId === null) return;
    const timer = window.setInterval(
      () => void api(endpoints.claimPassenger, { params: { id: wizardId } }).catch(() => undefined),
      PASSENGER_CLAIM_RENEW_MS,
    );
    // The page went with the wizard open: the claim goes now (close() ends it itself otherwise).
    return () => {
      window.clearInterval(timer);
      if (!ended.current) void release(wizardId);
    };
  }, [wizardId]);
  const close = useCallback(
    (decided: boolean) => {
      // The claim ends here, not in the effect's cleanup: the queue is read again once the release has landed (read
      // before it, the answer would still say 'mine' and could overwrite the release's live event).
      ended.current = true;
      const id = wizardId;
      setWizardId(null);
      const released = !decided && id !== null ? release(id) : Promise.resolve();
      void released.then(() => qc.invalidateQueries({ queryKey: peopleKeys.approvals, exact: true }));
    },
    [qc, wizardId],
  );
  return {
    wizardId,
    claim: (id: number) => claim.mutate(id),
    claiming: claim.isPending ? (claim.variables ?? null) : null,
    close,
  };
}

async function release(id: number): Promise<void> {
  await api(endpoints.releasePassenger, { params: { id } }).catch((error: unknown) => {
    // Someone else's claim (ours ran out and they took it): nothing to release.
    if (error instanceof Error) toast.warning(error.message);
  });
}
