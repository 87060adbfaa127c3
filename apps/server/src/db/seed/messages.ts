import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { captains, conversations, messages, passengers, users } from '../schema';
import type { Seeder } from './index';

/** A few threads written as the captain and passenger apps and the staff would (the apps' own words). */
const CAPTAIN_THREADS: readonly (readonly ['user' | 'captain', string])[][] = [
  [
    ['user', 'Hello, can you take the airport run at 14:00?'],
    ['captain', 'Yes, I will be there.'],
  ],
  [
    ['captain', 'The passenger at the station is not answering the phone.'],
    ['user', 'We are calling them, please wait 5 minutes.'],
    ['captain', 'OK, still waiting at the taxi rank.'],
  ],
  [['captain', 'Road closed near the port, I am taking the tunnel.']],
  [
    ['user', 'Please send a photo of the damage for the report.'],
    ['captain', 'I will send it after this ride.'],
  ],
];
const PASSENGER_THREADS: readonly (readonly ['user' | 'passenger', string])[][] = [
  [['passenger', 'What is the ETA of my taxi?']],
  [
    ['passenger', 'I forgot my umbrella in the car this morning.'],
    ['user', 'We asked the captain, he has it. Where should he drop it?'],
    ['passenger', 'At the hotel reception please, thank you!'],
  ],
  [['passenger', 'Can I pay by card in the VIP service?']],
];

/**
 * The unread counters of messages written directly (seed, benchmark): each message's inbound_seq and each
 * conversation's inbound_count, as ChatService keeps them when it writes.
 */
export async function recountInbound(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update messages m set inbound_seq = s.seq from (
      select id, count(*) filter (where sender_kind in ('captain', 'passenger'))
        over (partition by conversation_id order by id) as seq
      from messages) s
    where s.id = m.id`);
  await db.execute(sql`
    update conversations c set inbound_count = coalesce(
      (select max(inbound_seq) from messages m where m.conversation_id = c.id), 0)`);
  await db.execute(sql`
    update conversation_reads r set inbound_seen = m.inbound_seq
    from messages m where m.id = r.last_read_message_id`);
}

/** Conversations with unread messages, so the inbox and its red dot are alive on first start. */
export const seedMessages: Seeder = {
  name: 'messages',
  async run(db: DbOrTx, ctx) {
    if (ctx.scale <= 0) return;
    const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'dispatcher@example.com'));
    const caps = await db.select({ id: captains.id }).from(captains).orderBy(asc(captains.id)).limit(12);
    const pax = await db.select({ id: passengers.id }).from(passengers).orderBy(asc(passengers.id)).limit(9);
    const start = Date.now() - 3 * 3600_000;
    let minute = 0;
    const write = async (
      kind: 'captain' | 'passenger',
      personId: number,
      thread: readonly (readonly [string, string])[],
    ) => {
      const [conversation] = await db
        .insert(conversations)
        .values({
          kind,
          captainId: kind === 'captain' ? personId : null,
          passengerId: kind === 'passenger' ? personId : null,
        })
        .returning({ id: conversations.id });
      let last: { id: number; at: Date } | null = null;
      for (const [who, body] of thread) {
        const at = new Date(start + ++minute * 4 * 60_000);
        const [row] = await db
          .insert(messages)
          .values({
            conversationId: conversation.id,
            senderKind: who === 'user' ? 'user' : kind,
            senderId: who === 'user' ? (staff?.id ?? null) : personId,
            body,
            createdAt: at,
          })
          .returning({ id: messages.id });
        last = { id: row.id, at };
      }
      if (kind === 'captain')
        await db
          .update(captains)
          .set({ conversationId: String(conversation.id) })
          .where(eq(captains.id, personId));
      if (last)
        await db
          .update(conversations)
          .set({ lastMessageId: last.id, lastMessageAt: last.at })
          .where(eq(conversations.id, conversation.id));
    };
    for (const [i, c] of caps.entries()) await write('captain', c.id, CAPTAIN_THREADS[i % CAPTAIN_THREADS.length]);
    for (const [i, p] of pax.entries()) await write('passenger', p.id, PASSENGER_THREADS[i % PASSENGER_THREADS.length]);
    await recountInbound(db);
  },
};
