import type { z } from 'zod';
import type { ACCOUNT_ENTRY_TYPES } from '../../constants';
import type { BankAccountInput, ManualEntryInput, PayoutMethod } from '../../ledger';
import type {
  blockCaptainSchema,
  captainActivationSchema,
  createCaptainSchema,
  createCarSchema,
  passengerConfirmationSchema,
  removeDocumentsSchema,
} from '../../people';
import { bulkResponse, type CaptainBulkRequest } from '../../resources/bulk';
import { bookingsContract } from '../bookings';
import { endpoint } from '../endpoint';
import { peopleContract } from '../people';
import type { Filters, PageQuery } from './query';

type AccountQuery = Pick<PageQuery, 'page' | 'perPage'> & { type?: (typeof ACCOUNT_ENTRY_TYPES)[number] };

/** Passengers and captains. */
export const peopleEndpoints = {
  // passengers
  passengers: endpoint<Filters>()('GET', 'passenger', peopleContract.passengers),
  passenger: endpoint()('GET', 'passenger/:id', peopleContract.passenger),
  /** Multipart (ID card images): sent as POST with `_method=PUT` like a Laravel form. */
  confirmPassenger: endpoint<undefined, FormData | z.input<typeof passengerConfirmationSchema>>()(
    'PUT',
    'passenger/:id',
    peopleContract.passenger,
  ),
  removeDocuments: endpoint<{ no_approval?: string }, z.input<typeof removeDocumentsSchema>>()(
    'PUT',
    'passenger/:id/remove_documents',
    peopleContract.passenger,
  ),
  activatePassenger: endpoint()('PUT', 'passengers/:id/active', peopleContract.passenger),
  // the approval queue
  passengerApprovals: endpoint()('GET', 'passengers/approvals', peopleContract.approvals),
  claimPassenger: endpoint()('POST', 'passengers/:id/claim', peopleContract.approvalState),
  releasePassenger: endpoint()('DELETE', 'passengers/:id/claim', peopleContract.approvalState),
  accountEntries: endpoint<Filters & { type?: (typeof ACCOUNT_ENTRY_TYPES)[number] }>()(
    'GET',
    'passenger/:id/account_entries',
    peopleContract.accountEntries,
  ),
  passengerAccount: endpoint<AccountQuery>()('GET', 'passenger/:id/account', peopleContract.account),
  addPassengerEntry: endpoint<undefined, ManualEntryInput>()(
    'POST',
    'passenger/:id/account/entries',
    peopleContract.accountEntry,
  ),
  passengerBookings: endpoint<Pick<PageQuery, 'page' | 'perPage'>>()(
    'GET',
    'passenger/:id/bookings',
    bookingsContract.page,
  ),
  // captains
  captains: endpoint<Filters>()('GET', 'captain', peopleContract.captains),
  blockedCaptains: endpoint<Filters>()('GET', 'captain/blocked', peopleContract.captains),
  captainSearch: endpoint<{ search: string }>()('GET', 'captain/search', peopleContract.captainSearch),
  createCaptain: endpoint<undefined, z.input<typeof createCaptainSchema>>()('POST', 'captain', peopleContract.captain),
  captain: endpoint()('GET', 'captain/:id', peopleContract.captain),
  captainAccount: endpoint<AccountQuery>()('GET', 'captain/:id/account', peopleContract.account),
  addCaptainEntry: endpoint<undefined, ManualEntryInput>()(
    'POST',
    'captain/:id/account/entries',
    peopleContract.accountEntry,
  ),
  payOutCaptain: endpoint<undefined, { method: PayoutMethod }>()(
    'POST',
    'captain/:id/account/payout',
    peopleContract.accountEntry,
  ),
  setCaptainBankAccount: endpoint<undefined, BankAccountInput>()(
    'PUT',
    'captain/:id/bank_account',
    peopleContract.account,
  ),
  captainCars: endpoint()('GET', 'captain/:id/cars', peopleContract.cars),
  createCar: endpoint<undefined, z.input<typeof createCarSchema>>()('POST', 'captain/:id/cars', peopleContract.car),
  activateCaptain: endpoint<undefined, Partial<z.input<typeof captainActivationSchema>>>()(
    'PUT',
    'captain/:id/active',
    peopleContract.captain,
  ),
  /** The selection's activation: a result per driver (done, or refused with the single activation's message). */
  activateCaptains: endpoint<undefined, CaptainBulkRequest>()('POST', 'captain/bulk', bulkResponse),
  blockCaptain: endpoint<undefined, z.input<typeof blockCaptainSchema>>()(
    'PUT',
    'captain/:id/block',
    peopleContract.captain,
  ),
  unblockCaptain: endpoint()('PUT', 'captain/:id/unblock', peopleContract.captain),
  captainBookings: endpoint<Pick<PageQuery, 'page' | 'perPage'>>()(
    'GET',
    'captain/:id/bookings',
    peopleContract.captainBookings,
  ),
  monthlyBookings: endpoint()('GET', 'captain/:id/monthly-bookings', peopleContract.monthlyBookings),
};
