/**
 * The inbox at 10,000 conversations and 1,000,000 messages (5,000 captains' and 5,000 passengers'
 * conversations, 100 messages each), on PostgreSQL and PGlite, through the API: the inbox's first page,
 * a conversation's newest messages, and the unread poll (up to 4 pages of 25 conversations, summed, as the
 * console does every 7 s). Then the cost of 100 consoles polling: CPU of the server process and of the
 * database's processes per poll round, as a share of one core over the 7-second period.
 * Writes bench/results/chat-{engine}.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CONVERSATIONS_PER_PAGE, UNREAD_POLL_MS, UNREAD_POLL_PAGES } from '@taxi/shared';
import { recountInbound } from '../apps/server/src/db/seed/messages';
import { seedPeople } from '../apps/server/src/db/seed/people';
import { type Engine, enginesToRun, openBenchApp } from './db';
import { bearer } from './http';
import { loginToken, measure, writeResult } from './lib';

const RUNS = 40;
const CONSOLES = 100;
const POLL_ROUNDS = 5;
const MESSAGES_PER_CONVERSATION = 100;

/** Sum of utime + stime (ms) of every PostgreSQL server process on this machine (Linux /proc). */
function postgresCpuMs(): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function runEngine(engine: Engine) {
  const t0 = performance.now();
  const bench = await openBenchApp(engine, async (sql, database) => {
    await database.db.transaction((tx) => seedPeople.run(tx, { log: () => {}, scale: 1 }));
    await sql(`
      insert into conversations (kind, captain_id, created_at)
        select 'captain', id, now() - interval '30 days' from captains order by id limit 5000;
      insert into conversations (kind, passenger_id, created_at)
        select 'passenger', id, now() - interval '30 days' from passengers order by id limit 5000;
      insert into messages (conversation_id, sender_kind, sender_id, body, created_at)
        select c.id,
          case when n % 3 = 0 then 'user' else c.kind end,
          case when n % 3 = 0 then 1 else coalesce(c.captain_id, c.passenger_id) end,
          'Message ' || n || ' of conversation ' || c.id,
          c.created_at + (n * interval '5 minutes') + (c.id * interval '1 second')
        from conversations c, generate_series(1, ${MESSAGES_PER_CONVERSATION}) n;
      update conversations c set last_message_id = m.id, last_message_at = m.created_at
        from (select distinct on (conversation_id) conversation_id, id, created_at from messages
              order by conversation_id, id desc) m
        where m.conversation_id = c.id;
      -- The admin (user 1) has read half of the conversations up to their 90th message.
      insert into conversation_reads (conversation_id, reader_kind, reader_id, last_read_message_id)
        select conversation_id, 'user', 1, min(id) + 89 from messages
        where conversation_id % 2 = 0 group by conversation_id;`);
    await recountInbound(database.db);
  });
  const loadMs = Math.round(performance.now() - t0);
  console.log(`[${engine}] 10,000 conversations and 1,000,000 messages loaded in ${loadMs} ms`);
  try {
    const token = await loginToken(bench.app);
    const get = (url: string) => bench.app.inject({ method: 'GET', url, headers: bearer(token) });
    const first = await get(`/api/conversations?perPage=${CONVERSATIONS_PER_PAGE}`);
    if (first.statusCode !== 200) throw new Error(`conversations: ${first.statusCode} ${first.body}`);
    const conversationId = (first.json().data.data as { id: number }[])[0].id;
    // The console's poll: one call summing the first UNREAD_POLL_PAGES pages.
    const pollUrl = `/api/conversations/unread?pages=${UNREAD_POLL_PAGES}&perPage=${CONVERSATIONS_PER_PAGE}`;
    const poll = async () => {
      const res = await get(pollUrl);
      if (res.statusCode !== 200) throw new Error(`${pollUrl}: ${res.statusCode} ${res.body}`);
      return (res.json().data as { unread: number }).unread;
    };
    // The same sum read page by page (what the poll replaces): a check that both agree, and a baseline.
    const pagesOneByOne = async () => {
      let unread = 0;
      for (let page = 1; page <= UNREAD_POLL_PAGES; page++) {
        const res = await get(`/api/conversations?page=${page}&perPage=${CONVERSATIONS_PER_PAGE}`);
        for (const c of res.json().data.data as { unread: number }[]) unread += c.unread;
      }
      return unread;
    };
    const [polled, paged] = [await poll(), await pagesOneByOne()];
    if (polled !== paged) throw new Error(`the poll says ${polled} unread, the pages ${paged}`);
    console.log(`[${engine}] ${polled} unread in the first ${UNREAD_POLL_PAGES} pages`);
    const results: Record<string, unknown> = {
      'inbox, first page (25)': await measure(() => get(`/api/conversations?perPage=${CONVERSATIONS_PER_PAGE}`), RUNS),
      'inbox search (name)': await measure(() => get('/api/conversations?search=marco&perPage=25'), RUNS),
      'conversation messages (newest 50)': await measure(
        () => get(`/api/conversations/${conversationId}/messages?limit=50`),
        RUNS,
      ),
      'unread count (the poll: 4 pages summed in one call)': await measure(poll, RUNS),
      'unread count read page by page (4 inbox pages, baseline)': await measure(pagesOneByOne, RUNS),
    };
    for (const [name, s] of Object.entries(results)) {
      const st = s as { p50_ms: number; p95_ms: number };
      console.log(`[${engine}] ${name.padEnd(58)} p50 ${st.p50_ms.toFixed(1)} ms  p95 ${st.p95_ms.toFixed(1)} ms`);
    }

    // 100 consoles polling: CPU per round of 100 polls against the 7-second period.
    const cpu0 = process.cpuUsage();
    const pg0 = engine === 'postgres' ? postgresCpuMs() : 0;
    const wall0 = performance.now();
    for (let round = 0; round < POLL_ROUNDS; round++) await Promise.all(Array.from({ length: CONSOLES }, poll));
    const wallMs = (performance.now() - wall0) / POLL_ROUNDS;
    const cpu = process.cpuUsage(cpu0);
    const nodeMs = (cpu.user + cpu.system) / 1000 / POLL_ROUNDS;
    const dbMs = engine === 'postgres' ? (postgresCpuMs() - pg0) / POLL_ROUNDS : 0;
    const share = (nodeMs + dbMs) / UNREAD_POLL_MS;
    const pollCost = {
      consoles: CONSOLES,
      rounds: POLL_ROUNDS,
      round_wall_ms: Math.round(wallMs),
      node_cpu_ms_per_round: Math.round(nodeMs),
      db_cpu_ms_per_round: Math.round(dbMs),
      share_of_one_core: Math.round(share * 10000) / 10000,
      note: engine === 'pglite' ? 'PGlite runs inside the node process: its CPU is in node_cpu_ms' : undefined,
    };
    console.log(
      `[${engine}] ${CONSOLES} consoles polling: ${pollCost.node_cpu_ms_per_round} ms node + ${pollCost.db_cpu_ms_per_round} ms database CPU per 7 s round = ${(share * 100).toFixed(2)} % of one core`,
    );
    // The page-by-page read is the baseline the one-call poll is measured against, not a call the console makes.
    const timed = Object.entries(results).filter(([name]) => !name.includes('baseline'));
    const met = timed.every(([, s]) => (s as { p95_ms: number }).p95_ms < 20) && share < 0.05;
    const target = engine === 'postgres' ? { p95_ms_under: 20, poll_share_of_one_core_under: 0.05, met } : null;
    const file = writeResult(`chat-${engine}`, {
      engine,
      conversations: 10_000,
      messages: 10_000 * MESSAGES_PER_CONVERSATION,
      load_ms: loadMs,
      runs: RUNS,
      target,
      results,
      poll_cost: pollCost,
    });
    console.log(`written ${file}`);
  } finally {
    await bench.close();
  }
}

/** The inbox and the unread poll at 10,000 conversations and 1,000,000 messages. */
export async function benchChat(): Promise<void> {
  for (const engine of await enginesToRun()) await runEngine(engine);
}
