import type { BookingCreate, FareQuoteDto, OfferScore, UnassignedReason } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import type { DbOrTx } from '../../db/client';
import { captainCancel } from './commands/captain/cancel';
import { geofence } from './commands/captain/geofence';
import { payBooking } from './commands/captain/pay';
import { captainStep } from './commands/captain/step';
import { cancelBooking } from './commands/console/cancel';
import { changeService } from './commands/console/change-service';
import { changeTime } from './commands/console/change-time';
import { createOrder } from './commands/console/create-order';
import { dispatchBooking } from './commands/console/dispatch';
import { editOrder } from './commands/console/edit-order';
import { redispatchBooking } from './commands/console/redispatch';
import { remind } from './commands/console/remind';
import { renewBesoin } from './commands/console/renew-besoin';
import { acceptServiceChange, suggestServiceChange } from './commands/console/service-suggestion';
import { solveNote } from './commands/console/solve-note';
import { touchBooking } from './commands/console/touch';
import { passengerCancel } from './commands/passenger/cancel';
import type { Actor } from './model';
import { applySuggestion } from './offers/apply-suggestion';
import { startBesoin } from './offers/besoin';
import { closeOffer } from './offers/close-offer';
import { offerBooking } from './offers/offer';
import { releaseHold } from './offers/release-hold';
import { markUnassigned } from './offers/unassign';
import {
  bookingAirportDetails,
  bookingLogs,
  bookingStatusHistory,
  cancellationReasons,
  showBooking,
} from './read/booking';
import { bookingCandidates } from './read/candidates';
import { listExceptions } from './read/exceptions';
import { authorize, authorizeRole } from './rules';
import { type BookingDeps, captainOf, findBooking } from './store';

export * from './model';

/**
 * The bookings domain as one object for its callers (routes, the AI, the simulator, complaints): each
 * method is one command (commands/, offers/) or query (read/); commands run one transaction and
 * record domain events, whose handlers (handlers.ts) emit, schedule timers and move captains' live state.
 */
export class BookingService {
  constructor(readonly deps: BookingDeps) {}

  // reads
  find = (id: number, db: DbOrTx = this.deps.db) => findBooking(db, id);
  captainOf = (id: number, db: DbOrTx = this.deps.db) => captainOf(db, id);
  show = (id: number) => showBooking(this.deps.db, id);
  statuses = (id: number) => bookingStatusHistory(this.deps.db, id);
  logs = (actor: Actor, id: number) => bookingLogs(this.deps.db, actor, id);
  cancellationReasons = () => cancellationReasons(this.deps.db);
  airportDetails = (id: number) => bookingAirportDetails(this.deps.db, id);
  candidates = (id: number) => bookingCandidates(this.deps, id);
  /** The exceptions board: what needs a dispatcher now, oldest first. */
  exceptions = () => listExceptions(this.deps);

  // rules
  authorizeRole = authorizeRole;
  authorize = (actor: Actor, action: Parameters<typeof authorize>[1], booking: Parameters<typeof authorize>[2]) =>
    authorize(actor, action, booking, this.deps.clock.now());

  // console
  create = (actor: Actor, input: BookingCreate) => createOrder(this.deps, actor, input);
  editOrder = (actor: Actor, id: number, input: BookingCreate) => editOrder(this.deps, actor, id, input);
  cancel = (actor: Actor, id: number, reasonId: number) => cancelBooking(this.deps, actor, id, reasonId);
  dispatch = (actor: Actor, id: number, captainId: number) => dispatchBooking(this.deps, actor, id, captainId);
  /** Takes the booking back from its captain on the way; the AI offers it again. */
  redispatch = (actor: Actor, id: number) => redispatchBooking(this.deps, actor, id);
  remind = (actor: Actor, id: number, kind: 'pendingReminder' | 'dispatchedReminder') =>
    remind(this.deps, actor, id, kind);
  renewBesoin = (actor: Actor, id: number) => renewBesoin(this.deps, actor, id);
  changeTime = (actor: Actor, id: number, local: string, detachVoucher: boolean) =>
    changeTime(this.deps, actor, id, local, detachVoucher);
  changeService = (actor: Actor, id: number, serviceId: number) => changeService(this.deps, actor, id, serviceId);
  suggestServiceChange = (actor: Actor, id: number, serviceId: number) =>
    suggestServiceChange(this.deps, actor, id, serviceId);
  acceptServiceChange = (actor: Actor, id: number) => acceptServiceChange(this.deps, actor, id);
  touch = (actor: Actor, id: number) => touchBooking(this.deps, actor, id);
  solveNote = (actor: Actor, noteId: number) => solveNote(this.deps, actor, noteId);

  // captain app
  captainStep = (captainId: number, id: number, at?: LonLat) => captainStep(this.deps, captainId, id, at);
  pay = (captainId: number, id: number, amount: number, tip = 0, fare?: FareQuoteDto | null) =>
    payBooking(this.deps, captainId, id, amount, tip, fare);
  captainCancel = (captainId: number, id: number, reasonId: number) =>
    captainCancel(this.deps, captainId, id, reasonId);
  geofence = (id: number, captainId: number, kind: 'enter' | 'leave') => geofence(this.deps, id, captainId, kind);

  // passenger app
  passengerCancel = (id: number) => passengerCancel(this.deps, id);

  // offers (AI)
  offer = (id: number, captainId: number, until: Date, scores?: ReadonlyMap<number, OfferScore>) =>
    offerBooking(this.deps, id, [captainId], until, 'single', scores);
  /** The cascade's group round: several captains at once, the first to accept wins. */
  offerGroup = (id: number, captainIds: readonly number[], until: Date, scores?: ReadonlyMap<number, OfferScore>) =>
    offerBooking(this.deps, id, captainIds, until, 'group', scores);
  /** The cascade ran out: the booking waits in the unassigned list (board first) until the next round. */
  markUnassigned = (id: number, reason: UnassignedReason) => markUnassigned(this.deps, id, reason);
  /** No captain is eligible at all: the booking becomes a driver search (besoin); false when it already was one. */
  startBesoin = (id: number) => startBesoin(this.deps, id);
  closeOffer = (id: number, captainId: number, answer: 'ACCEPTED' | 'REFUSED' | null, holdUntil?: Date) =>
    closeOffer(this.deps, id, captainId, answer, holdUntil);
  releaseHold = (id: number, captainId: number) => releaseHold(this.deps, id, captainId);
  /** The accepted change and the dispatch to the suggested captain, applied whole or refused whole. */
  applySuggestion = (
    actor: Actor,
    id: number,
    change: { datetime?: Date | null; serviceId?: number | null },
    captainId: number,
  ) => applySuggestion(this.deps, actor, id, change, captainId);
}
