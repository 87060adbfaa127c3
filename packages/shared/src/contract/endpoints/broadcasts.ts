import type { BroadcastCreateInput, ScheduledMessageCreateInput } from '../../broadcasts';
import { broadcastsContract } from '../broadcasts';
import { endpoint } from '../endpoint';
import type { PageQuery } from './query';

type Paging = Pick<PageQuery, 'page' | 'perPage'>;

/** Messages to captains: broadcasts now, and scheduled ones sent by the server's jobs. */
export const broadcastEndpoints = {
  broadcasts: endpoint<Paging>()('GET', 'broadcast', broadcastsContract.broadcasts),
  broadcast: endpoint()('GET', 'broadcast/:id', broadcastsContract.broadcast),
  broadcastPreview: endpoint<{ target: string }>()('GET', 'broadcast/preview', broadcastsContract.preview),
  broadcastTargets: endpoint()('GET', 'broadcast/targets', broadcastsContract.targets),
  sendBroadcast: endpoint<undefined, BroadcastCreateInput>()('POST', 'broadcast', broadcastsContract.broadcast),
  scheduledMessages: endpoint<Paging>()('GET', 'scheduled_messages', broadcastsContract.scheduledList),
  scheduleMessage: endpoint<undefined, ScheduledMessageCreateInput>()(
    'POST',
    'scheduled_messages',
    broadcastsContract.scheduled,
  ),
  cancelScheduledMessage: endpoint()('PUT', 'scheduled_messages/:id/cancel', broadcastsContract.scheduled),
  deleteScheduledMessage: endpoint()('DELETE', 'scheduled_messages/:id', broadcastsContract.removed),
  scheduledMessageRuns: endpoint<Paging>()('GET', 'scheduled_messages/:id/runs', broadcastsContract.broadcasts),
};
