import { EVENTS } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import type { AppBus } from '../../events';

/**
 * The approval queue lives on every approver's console: a claim, a release or a decision is pushed to all of them
 * at once (Passengers:approval_updated), so a passenger taken on one console shows taken on the others.
 */
export function registerPeopleHandlers(bus: AppBus, app: FastifyInstance): void {
  bus.after('passenger.approvalChanged', async ({ passengerId }) => {
    app.realtime.emit(EVENTS.approvalUpdated, await app.passengerApprovals.stateOf(passengerId));
  });
}
