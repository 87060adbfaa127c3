import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Position batches between server nodes. A captain's reports are owned by the node they reach: that node
 * publishes its captains' batch, the very buffer the browsers receive, on its own Redis channel once per fan-out
 * tick. Every other node adds the batch to its own copy of the fleet's positions (dispatch searches it in memory)
 * and passes it on to its own sockets. So a report costs Redis one share of one publish, and no node re-encodes
 * or re-writes another node's captains.
 */
export interface PositionRelay {
  /** This node's batch, to the other nodes. */
  publish(batch: Uint8Array): void;
  /** Another node's batch (never this node's own). */
  onBatch(handler: (batch: Buffer) => void): void;
  close(): Promise<void>;
}

/**
 * A relay over Redis pub/sub: `<prefix>:positions:<node>` per node, one pattern subscription for all.
 * `redis` publishes; a duplicate connection subscribes (a subscribed connection sends nothing else).
 */
export async function createPositionRelay(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void,
): Promise<PositionRelay> {
  const channels = `${prefix}:positions:`;
  const own = Buffer.from(channels + randomBytes(8).toString('hex'));
  const handlers: ((batch: Buffer) => void)[] = [];
  const sub = redis.duplicate();
  sub.on('pmessageBuffer', (_pattern: Buffer, channel: Buffer, message: Buffer) => {
    if (channel.equals(own)) return;
    for (const handler of handlers) handler(message);
  });
  await sub.psubscribe(`${channels}*`);
  return {
    publish(batch) {
      const bytes = Buffer.from(batch.buffer, batch.byteOffset, batch.byteLength);
      redis.publish(own, bytes).catch(onError);
    },
    onBatch(handler) {
      handlers.push(handler);
    },
    async close() {
      sub.disconnect();
    },
  };
}
