import type { z } from 'zod';
import type {
  CallOutcome,
  callAnsweredBodySchema,
  callBookingBodySchema,
  callEndedBodySchema,
  callOutgoingBodySchema,
  callTransferBodySchema,
} from '../../voice';
import { endpoint } from '../endpoint';
import { voiceContract } from '../voice';
import type { PageQuery } from './query';

/** What the calls list filters on. */
export type CallsQuery = Pick<PageQuery, 'page' | 'perPage'> & {
  direction?: 'inbound' | 'outbound';
  outcome?: CallOutcome;
  operator_id?: number;
  number?: string;
  booking_id?: number;
  from?: string;
  to?: string;
};

/** The softphone and the call log. */
export const voiceEndpoints = {
  voiceCredentials: endpoint()('GET', 'voice/credentials', voiceContract.credentials),
  voiceCaller: endpoint<{ number: string }>()('GET', 'voice/caller', voiceContract.caller),
  callAnswered: endpoint<undefined, z.input<typeof callAnsweredBodySchema>>()(
    'POST',
    'voice/calls/answered',
    voiceContract.call,
  ),
  callEnded: endpoint<undefined, z.input<typeof callEndedBodySchema>>()(
    'POST',
    'voice/calls/ended',
    voiceContract.call,
  ),
  callOutgoing: endpoint<undefined, z.input<typeof callOutgoingBodySchema>>()(
    'POST',
    'voice/calls/outgoing',
    voiceContract.call,
  ),
  callBooking: endpoint<undefined, z.input<typeof callBookingBodySchema>>()(
    'POST',
    'voice/calls/booking',
    voiceContract.call,
  ),
  calls: endpoint<CallsQuery>()('GET', 'calls', voiceContract.calls),
  voiceOperators: endpoint()('GET', 'voice/operators', voiceContract.operators),
  callTransfer: endpoint<undefined, z.input<typeof callTransferBodySchema>>()(
    'POST',
    'voice/calls/transfer',
    voiceContract.call,
  ),
};
