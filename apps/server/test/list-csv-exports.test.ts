/**
 * The CSV exports of the complaint log, the tickets monitoring, shifts, leave requests, price rules, surveys and
 * the timeline: each one the rows and columns of its list for the same filter, read in keyset batches, under
 * the list's rule, 422 for a bad filter before any row is sent, headers and words in the request's language.
 */
import {
  actionLabel,
  type ComplaintLogItemDto,
  CSV_TOTAL_HEADER,
  dateToCityLocal,
  PRICE_RULE_EFFECT_LABELS,
  type PriceRuleDto,
  priceRuleConditionsText,
  type ShiftDto,
  SURVEY_LABELS,
  type SurveyDto,
  shiftStatusLabel,
  surveyAudienceLabel,
  TICKET_STATUS_LABELS,
  TIMELINE_UI,
  type TicketDto,
  type TimelineItemDto,
  ticketAuthorName,
  ticketAuthorTypeLabel,
  ticketSubjectTypeLabel,
  timelineSubject,
  VACATION_MSG,
  type VacationDto,
} from '@taxi/shared';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { max } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  complaintAudios,
  complaintCategories,
  complaintComments,
  complaints,
  priceRules,
  shifts,
  surveyQuestions,
  surveyRecipients,
  surveys,
  tickets,
  ticketTypes,
  users,
  vacations,
} from '../src/db/schema';
import { csvBatch } from '../src/http/csv';
import { ManualClock } from '../src/lib/clock';
import { parseCsv } from './csv-parse';
import { makeCaptain, makePassenger } from './factories';
import { bearer, loginAll, testAppForFile } from './helpers';
import { StatementCounter } from './statement-counter';

/** 9 March 2026, mid-morning in the city. */
const NOW = Date.parse('2026-03-09T09:00:00Z');
const HOUR = 3600_000;
const t = testAppForFile({ clock: new ManualClock(NOW) });
let admin: string;
let dispatcher: string;
let callcenter: string;
let supervisor: string;
let airport: string;
let counter: StatementCounter;
const userIds: Record<string, number> = {};
let firstAudit = 0;

const get = (url: string, token = admin, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/${url}`, headers: { ...bearer(token), ...headers } });

/** A CSV export's records (header first) and its announced row count. */
async function csv(url: string, token = admin, headers: Record<string, string> = {}) {
  const res = await get(url, token, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const records = parseCsv(res.body);
  expect(records.length - 1).toBe(Number(res.headers[CSV_TOTAL_HEADER.toLowerCase()]));
  return { header: records[0], rows: records.slice(1), res };
}

/** Every row of a paged list, page after page. */
async function listed<T>(url: string, perPage: number, token = admin): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${url}${url.includes('?') ? '&' : '?'}page=${page}&perPage=${perPage}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    rows.push(...data.data);
    if (!data.next_page_url) return rows;
  }
}

/** Cells as the CSV writes them: nothing for null, numbers and text as they are. */
const cells = (values: readonly unknown[]) => values.map((v) => (v === null || v === undefined ? '' : String(v)));
const cityTime = (iso: string | null) => (iso ? dateToCityLocal(iso) : '');

/** The export reads its rows in batches of `size`: one bounded statement per batch, never an OFFSET. */
async function expectBatches(url: string, table: string, rows: number, size = 3, token = admin) {
  csvBatch.size = size;
  const statements = await counter.statements(async () => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(parseCsv(res.body)).toHaveLength(rows + 1);
  });
  const from = new RegExp(`from "${table}"`);
  const batches = statements.filter((s) => from.test(s) && /limit \$\d+$/i.test(s.trim()));
  expect(batches.length).toBe(Math.floor(rows / size) + 1);
  expect(statements.some((s) => /\boffset\b/i.test(s))).toBe(false);
}

/** The header row in French and Arabic is the catalogues' translation of each English header. */
async function expectTranslatedHeader(url: string, english: readonly string[]) {
  for (const language of ['fr', 'ar'] as const) {
    const { header } = await csv(url, admin, { 'accept-language': language });
    expect(header).toEqual(english.map((h) => CATALOGUES[language][h]));
  }
}

afterEach(() => {
  csvBatch.size = 1000;
});

beforeAll(async () => {
  [admin, dispatcher, callcenter, supervisor, airport] = await loginAll(
    t.app,
    'admin@example.com',
    'dispatcher@example.com',
    'callcenter@example.com',
    'supervisor@example.com',
    'airport@example.com',
  );
  counter = new StatementCounter(t.db);
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) userIds[u.email] = u.id;
  const [newest] = await t.db.select({ n: max(auditLog.id) }).from(auditLog);
  firstAudit = newest.n ?? 0;
  const { captain } = await makeCaptain(t.db, { firstName: 'Csvshift', lastName: 'Driver' });
  const passenger = await makePassenger(t.db, { firstName: 'Csvcomplaint' });

  // complaints: two categories, three statuses, the same minute for several (ties broken by id)
  const [category] = await t.db.insert(complaintCategories).values({ name: 'Csv late pickup' }).returning();
  const complaintRows = await t.db
    .insert(complaints)
    .values(
      Array.from({ length: 11 }, (_, i) => ({
        status: (['Not Treated', 'Partially Treated', 'Treated'] as const)[i % 3],
        categoryId: i % 2 === 0 ? category.id : null,
        description: i === 4 ? 'Rude, then "late"\nand lost' : `Csv complaint ${i}`,
        captainId: i % 3 === 0 ? captain.id : null,
        passengerId: i % 3 === 1 ? passenger.id : null,
        doer: i % 2 === 0 ? userIds['callcenter@example.com'] : null,
        createdAt: new Date(NOW - (i % 4) * 24 * HOUR),
      })),
    )
    .returning();
  await t.db.insert(complaintComments).values({ complaintId: complaintRows[0].id, comment: 'Called back' });
  await t.db.insert(complaintAudios).values({ complaintId: complaintRows[0].id, fileName: `${'c'.repeat(32)}.wav` });

  // tickets: statuses, an assignee, due dates past and to come
  const [type] = await t.db.select().from(ticketTypes).limit(1);
  await t.db.insert(tickets).values(
    Array.from({ length: 8 }, (_, i) => ({
      typeId: type.id,
      status: (['PENDING', 'ASSIGNED', 'IN_PROGRESS', 'RESOLVED'] as const)[i % 4],
      authorType: (['user', 'captain', 'passenger'] as const)[i % 3],
      authorFirstName: i % 3 === 0 ? 'Csvauthor' : '',
      authorLastName: i % 3 === 0 ? `Ticket${i}` : '',
      subjectType: i % 2 === 0 ? ('captain' as const) : null,
      subjectId: i % 2 === 0 ? captain.id : null,
      subjectName: i % 2 === 0 ? 'Csvshift Driver' : null,
      assigneeId: i % 4 === 0 ? null : userIds['dispatcher@example.com'],
      createdAt: new Date(NOW - (i + 1) * 5 * HOUR),
      updatedAt: new Date(NOW - i * HOUR),
      slaDueAt: new Date(NOW + (i % 2 === 0 ? -1 : 1) * (i + 1) * HOUR),
    })),
  );

  // shifts: the same start for two (ties by id), one ended without starting
  await t.db.insert(shifts).values(
    Array.from({ length: 7 }, (_, i) => ({
      captainId: captain.id,
      sectorIds: i % 2 === 0 ? [999_991] : [999_991, 999_992],
      startsAt: new Date(NOW + Math.floor(i / 2) * 24 * HOUR),
      endsAt: new Date(NOW + Math.floor(i / 2) * 24 * HOUR + 4 * HOUR),
      status: (['planned', 'started', 'ended'] as const)[i % 3],
      startedAt: i % 3 === 1 ? new Date(NOW + HOUR) : null,
      endedAt: i % 3 === 2 ? new Date(NOW + 2 * HOUR) : null,
    })),
  );

  // leave requests of two staff members, one decided
  await t.db.insert(vacations).values(
    Array.from({ length: 7 }, (_, i) => ({
      userId: i % 2 === 0 ? userIds['dispatcher@example.com'] : userIds['callcenter@example.com'],
      from: `2026-04-${String(10 + Math.floor(i / 2)).padStart(2, '0')}`,
      to: `2026-04-${String(12 + Math.floor(i / 2)).padStart(2, '0')}`,
      reason: `Csv leave ${i}`,
      status: (['pending', 'approved', 'refused'] as const)[i % 3],
      decidedBy: i % 3 === 0 ? null : userIds['admin@example.com'],
      decidedAt: i % 3 === 0 ? null : new Date(NOW - HOUR),
      refusalReason: i % 3 === 2 ? 'Too many away' : null,
      createdAt: new Date(NOW - 2 * HOUR),
    })),
  );

  // price rules, two of one order
  await t.db.insert(priceRules).values([
    {
      name: 'Csv night',
      order: 10,
      conditions: { time_from: '22:00', time_to: '06:00', days: [5, 6] },
      effect: { kind: 'multiplier', factor: 1.2 },
    },
    {
      name: 'Csv airport',
      order: 10,
      conditions: { airport: true, zones: [999_991] },
      effect: { kind: 'surcharge', amount: 5 },
    },
    { name: 'Csv cap', order: 20, stop: true, conditions: {}, effect: { kind: 'cap', amount: 120 } },
    {
      name: 'Csv off',
      order: 5,
      active: false,
      conditions: { seasons: ['hot'] },
      effect: { kind: 'fixed', amount: 45.5 },
    },
    { name: 'Csv event', order: 30, conditions: { event: false }, effect: { kind: 'surcharge', amount: 2.25 } },
  ]);

  // surveys: a draft, a sent one with answers, a closed one narrowed to recent rides
  const surveyRows = await t.db
    .insert(surveys)
    .values(
      Array.from({ length: 5 }, (_, i) => ({
        title: `Csv survey ${i}`,
        audience: i % 2 === 0 ? ('passengers' as const) : ('captains' as const),
        channel: i % 2 === 0 ? ('sms' as const) : ('captain_inbox' as const),
        recentDays: i === 2 ? 30 : null,
        status: (['draft', 'sent', 'closed'] as const)[i % 3],
        createdBy: i === 3 ? null : userIds['admin@example.com'],
        createdAt: new Date(NOW - Math.floor(i / 2) * HOUR),
        sentAt: i % 3 === 0 ? null : new Date(NOW - HOUR),
        closedAt: i % 3 === 2 ? new Date(NOW) : null,
      })),
    )
    .returning();
  await t.db.insert(surveyQuestions).values([
    { surveyId: surveyRows[1].id, position: 1, kind: 'rating', prompt: 'How was it?' },
    { surveyId: surveyRows[1].id, position: 2, kind: 'text', prompt: 'Anything else?' },
  ]);
  await t.db
    .insert(surveyRecipients)
    .values([{ surveyId: surveyRows[1].id, captainId: captain.id, codeHash: 'csv-hash-1', answeredAt: new Date(NOW) }]);

  // audit rows of every kind, by staff, the AI and the system
  const audit: [string, string, string | null, number | null][] = [
    ['booking', 'create', '41', userIds['dispatcher@example.com']],
    ['booking', 'dispatch', '41', null],
    ['booking', 'passenger_cancel', '42', null],
    ['complaint', 'create', '7', userIds['callcenter@example.com']],
    ['ticket', 'take', '3', userIds['dispatcher@example.com']],
    ['price_rule', 'update', '2', userIds['admin@example.com']],
    ['setting', 'update', 'MIN_STAFF_ON_DUTY', userIds['admin@example.com']],
    ['user', 'create', '12', userIds['admin@example.com']],
    ['booking', 'captain_arrived', '41', null],
  ];
  await t.db
    .insert(auditLog)
    .values(audit.map(([entity, action, entityId, actorId]) => ({ entity, action, entityId, actorId })));
}, 60_000);

describe('GET complaints/export.csv', () => {
  const HEADER = [
    'ID',
    'Status',
    'Category',
    'Description',
    'Order number',
    'Captain ID',
    'Passenger ID',
    'Author',
    'Audio files',
    'Comments',
    'Created',
  ];
  const expected = (c: ComplaintLogItemDto) =>
    cells([
      c.id,
      c.status,
      c.category_name,
      c.description,
      c.booking_id,
      c.captain_id,
      c.passenger_id,
      c.doer_name,
      c.audio_count,
      c.comment_count,
      cityTime(c.created_at),
    ]);

  it.each(['', 'status=Treated', 'from=2026-03-08&to=2026-03-09', 'status=Not%20Treated&to=2026-03-08'])(
    'holds the log’s rows and columns for the same filter (%s), in batches',
    async (query) => {
      const list = await listed<ComplaintLogItemDto>(`complaints?${query}`, 100);
      expect(list.length).toBeGreaterThan(0);
      const { header, rows, res } = await csv(`complaints/export.csv?${query}`);
      expect(res.headers['content-disposition']).toMatch(/filename="complaints-2026-03-09\.csv"/);
      expect(header).toEqual(HEADER);
      expect(rows).toEqual(list.map(expected));
      await expectBatches(`complaints/export.csv?${query}`, 'complaints', list.length);
    },
  );

  it('narrows with a filter, speaks the request’s language, refuses bad filters and who may not read the log', async () => {
    const all = (await csv('complaints/export.csv')).rows;
    const treated = (await csv('complaints/export.csv?status=Treated')).rows;
    expect(treated.length).toBeGreaterThan(0);
    expect(treated.length).toBeLessThan(all.length);
    expect(treated.every((r) => r[1] === 'Treated')).toBe(true);
    await expectTranslatedHeader('complaints/export.csv', HEADER);
    const fr = (await csv('complaints/export.csv?status=Treated', admin, { 'accept-language': 'fr' })).rows;
    expect(fr[0][1]).toBe(CATALOGUES.fr.Treated);
    expect((await get('complaints/export.csv?status=Done')).statusCode).toBe(422);
    const range = await get('complaints/export.csv?from=2026-03-09&to=2026-03-01');
    expect(range.statusCode).toBe(422);
    expect(Object.keys(range.json().errors)).toEqual(['to']);
    expect((await get('complaints/export.csv', airport)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/complaints/export.csv' })).statusCode).toBe(401);
  });
});

describe('GET tickets/export.csv', () => {
  const HEADER = [
    'ID',
    'Type',
    'Status',
    'Author',
    'Author type',
    'Name',
    'Subject type',
    'Identifier',
    'Assignee',
    'Order number',
    'Created',
    'Updated',
    'Due',
  ];
  const expected = (r: TicketDto) =>
    cells([
      r.id,
      r.type.title,
      TICKET_STATUS_LABELS[r.status],
      r.author ? ticketAuthorName(r) : '',
      ticketAuthorTypeLabel(r.author_type),
      r.subject,
      r.subject_type ? ticketSubjectTypeLabel(r.subject_type) : '',
      r.subject_id,
      r.assignee?.name,
      r.booking_id,
      cityTime(r.created_at),
      cityTime(r.updated_at),
      cityTime(r.sla_due_at),
    ]);

  it.each(['', 'status=ASSIGNED', 'overdue=1', `age=12`, 'overdue=1&status=PENDING'])(
    'holds the monitoring’s rows and columns in its order (%s), in batches',
    async (query) => {
      const list = await listed<TicketDto>(`tickets?${query}`, 100);
      expect(list.length).toBeGreaterThan(0);
      const { header, rows } = await csv(`tickets/export.csv?${query}`);
      expect(header).toEqual(HEADER);
      expect(rows).toEqual(list.map(expected));
      await expectBatches(`tickets/export.csv?${query}`, 'tickets', list.length, 2);
    },
  );

  it('narrows with the assignee, speaks the request’s language, refuses bad filters and the airport desk', async () => {
    const all = (await csv('tickets/export.csv')).rows;
    const mine = (await csv(`tickets/export.csv?assignee_id=${userIds['dispatcher@example.com']}`, dispatcher)).rows;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    await expectTranslatedHeader('tickets/export.csv', HEADER);
    const ar = (await csv('tickets/export.csv?status=IN_PROGRESS', admin, { 'accept-language': 'ar' })).rows;
    expect(ar[0][2]).toBe(CATALOGUES.ar['In progress']);
    expect((await get('tickets/export.csv?status=OPEN')).statusCode).toBe(422);
    expect((await get('tickets/export.csv?age=0')).statusCode).toBe(422);
    expect((await get('tickets/export.csv', airport)).statusCode).toBe(403);
  });
});

describe('GET shifts/export.csv', () => {
  const HEADER = ['ID', 'Captain', 'Zone', 'Start', 'End', 'Status', 'Started', 'Ended'];
  const expected = (s: ShiftDto) =>
    cells([
      s.id,
      s.captain.full_name,
      s.sectors.map((z) => z.name).join(', '),
      cityTime(s.starts_at),
      cityTime(s.ends_at),
      shiftStatusLabel(s.status, s.started_at !== null),
      cityTime(s.started_at),
      cityTime(s.ended_at),
    ]);

  it.each(['', 'status=ended', 'day=2026-03-10', 'sector_id=999992'])(
    'holds the list’s rows and columns (%s), in batches',
    async (query) => {
      const list = await listed<ShiftDto>(`shifts?${query}`, 100);
      expect(list.length).toBeGreaterThan(0);
      const { header, rows } = await csv(`shifts/export.csv?${query}`);
      expect(header).toEqual(HEADER);
      expect(rows).toEqual(list.map(expected));
      await expectBatches(`shifts/export.csv?${query}`, 'shifts', list.length, 2, supervisor);
    },
  );

  it('narrows with a filter, says a shift never started, refuses bad days and roles without PLANNING', async () => {
    const all = (await csv('shifts/export.csv')).rows;
    const ended = (await csv('shifts/export.csv?status=ended')).rows;
    expect(ended.length).toBeLessThan(all.length);
    expect(ended.map((r) => r[5])).toContain('Never started');
    await expectTranslatedHeader('shifts/export.csv', HEADER);
    expect((await get('shifts/export.csv?day=2026-02-30')).statusCode).toBe(422);
    expect((await get('shifts/export.csv?status=late')).statusCode).toBe(422);
    expect((await get('shifts/export.csv', dispatcher)).statusCode).toBe(403);
  });
});

describe('GET vacations/export.csv', () => {
  const HEADER = [
    'ID',
    'Staff member',
    'From',
    'To',
    'Days',
    'Reason',
    'Status',
    'Decided by',
    'Decided at',
    'Refusal reason',
    'Created',
  ];
  const expected = (v: VacationDto) =>
    cells([
      v.id,
      v.user.name,
      v.from,
      v.to,
      v.days,
      v.reason,
      VACATION_MSG[v.status],
      v.decided_by,
      cityTime(v.decided_at),
      v.refusal_reason,
      cityTime(v.created_at),
    ]);

  it.each([
    ['everyone’s', '', 'admin'],
    ['approved', 'status=approved', 'admin'],
    ['April’s, one’s own', 'month=2026-04&mine=1', 'admin'],
    ['one’s own (no USERS)', '', 'dispatcher'],
  ])('holds the list’s rows and columns: %s', async (_, query, who) => {
    const token = who === 'admin' ? admin : dispatcher;
    const list = await listed<VacationDto>(`vacations?${query}`, 100, token);
    const { header, rows } = await csv(`vacations/export.csv?${query}`, token);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual(list.map(expected));
    if (list.length > 0) await expectBatches(`vacations/export.csv?${query}`, 'vacations', list.length, 2, token);
  });

  it('gives a staff member without USERS their own requests only, narrows, refuses a bad month', async () => {
    const all = (await csv('vacations/export.csv')).rows;
    const own = (await csv('vacations/export.csv', callcenter)).rows;
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    expect(new Set(own.map((r) => r[1])).size).toBe(1);
    expect((await csv('vacations/export.csv?status=refused')).rows.every((r) => r[6] === 'Refused')).toBe(true);
    await expectTranslatedHeader('vacations/export.csv', HEADER);
    expect((await get('vacations/export.csv?month=2026-13')).statusCode).toBe(422);
    expect((await get('vacations/export.csv?status=maybe')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/vacations/export.csv' })).statusCode).toBe(401);
  });
});

describe('GET priceRules/export.csv', () => {
  const HEADER = ['Rule order', 'Name', 'When', 'Effect', 'Amount (€)', 'Factor', 'First match', 'Active', 'Updated'];

  it('holds the rules of GET priceRules in the engine’s order, in batches', async () => {
    const res = await get('priceRules');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as PriceRuleDto[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    const names = { service: (id: number) => `#${id}`, zone: (id: number) => `#${id}`, season: (s: string) => s };
    const { header, rows } = await csv('priceRules/export.csv');
    expect(header).toEqual(HEADER);
    expect(rows.map((r) => r[1])).toEqual(list.map((r) => r.name));
    const ours = list.filter((r) => r.name.startsWith('Csv'));
    expect(rows.filter((r) => r[1].startsWith('Csv'))).toEqual(
      ours.map((r) =>
        cells([
          r.order,
          r.name,
          priceRuleConditionsText(r.conditions, names),
          PRICE_RULE_EFFECT_LABELS[r.effect.kind],
          r.effect.kind === 'multiplier' ? null : r.effect.amount,
          r.effect.kind === 'multiplier' ? r.effect.factor : null,
          r.stop ? 'Yes' : 'No',
          r.active ? 'Yes' : 'No',
          cityTime(r.updated_at),
        ]),
      ),
    );
    await expectBatches('priceRules/export.csv', 'price_rules', list.length, 2);
  });

  it('speaks the request’s language and is for PRICE_RULES holders only', async () => {
    await expectTranslatedHeader('priceRules/export.csv', HEADER);
    const fr = (await csv('priceRules/export.csv', admin, { 'accept-language': 'fr' })).rows;
    const night = fr.find((r) => r[1] === 'Csv night');
    expect(night?.[2]).toBe(`${CATALOGUES.fr.Fri}, ${CATALOGUES.fr.Sat} · 22:00–06:00`);
    expect(night?.[3]).toBe(CATALOGUES.fr['Multiply by']);
    expect(fr.find((r) => r[1] === 'Csv off')?.[7]).toBe(CATALOGUES.fr.No);
    expect((await get('priceRules/export.csv', supervisor)).statusCode).toBe(403);
    expect((await get('priceRules/export.csv', dispatcher)).statusCode).toBe(403);
  });
});

describe('GET surveys/export.csv', () => {
  const HEADER = [
    'ID',
    'Title',
    'Status',
    'Audience',
    'Channel',
    'Questions',
    'Recipients',
    'Responses',
    'Author',
    'Created',
    'Sent',
    'Closed',
  ];

  it('holds the list’s rows and columns, newest first, in batches', async () => {
    const list = await listed<SurveyDto>('surveys', 100);
    expect(list.length).toBeGreaterThanOrEqual(5);
    const { header, rows } = await csv('surveys/export.csv');
    expect(header).toEqual(HEADER);
    expect(rows).toEqual(
      list.map((s) =>
        cells([
          s.id,
          s.title,
          SURVEY_LABELS.statuses[s.status],
          surveyAudienceLabel(s.audience, s.recent_days),
          SURVEY_LABELS.channels[s.channel],
          s.questions.length,
          s.recipients,
          s.responses,
          s.author,
          cityTime(s.created_at),
          cityTime(s.sent_at),
          cityTime(s.closed_at),
        ]),
      ),
    );
    expect(rows.find((r) => r[1] === 'Csv survey 1')?.slice(5, 8)).toEqual(['2', '1', '1']);
    await expectBatches('surveys/export.csv', 'surveys', list.length, 2);
  });

  it('speaks the request’s language, audience templates included, and is for SURVEYS holders only', async () => {
    await expectTranslatedHeader('surveys/export.csv', HEADER);
    const fr = (await csv('surveys/export.csv', admin, { 'accept-language': 'fr' })).rows;
    const narrowed = fr.find((r) => r[1] === 'Csv survey 2');
    expect(narrowed?.[3]).toBe(
      CATALOGUES.fr['{{audience}} with a ride in the last {{count}} days']
        .replace('{{audience}}', CATALOGUES.fr.Passengers)
        .replace('{{count}}', '30'),
    );
    expect((await get('surveys/export.csv', dispatcher)).statusCode).toBe(403);
  });
});

describe('GET timeline/export.csv', () => {
  const HEADER = ['ID', 'Date and time', 'Kind', 'About', 'Action', 'Done by'];
  const expected = (i: TimelineItemDto) =>
    cells([
      i.id,
      cityTime(i.at),
      TIMELINE_UI.kinds[i.kind],
      timelineSubject(i),
      actionLabel(i.action),
      i.actor ?? TIMELINE_UI.system,
    ]);
  const items = async (query: string, token = admin) => {
    const res = await get(`timeline?limit=200&${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as TimelineItemDto[];
  };

  it.each(['', 'kinds=booking,dispatch', 'kinds=staff', 'kinds=cancellation,complaint,ticket'])(
    'holds the timeline’s rows and columns for the same kinds (%s), in batches',
    async (kinds) => {
      const query = `after=${firstAudit}&${kinds}`;
      const list = await items(query);
      expect(list.length).toBeGreaterThan(0);
      const { header, rows } = await csv(`timeline/export.csv?${query}`);
      expect(header).toEqual(HEADER);
      expect(rows).toEqual(list.map(expected));
      await expectBatches(`timeline/export.csv?${query}`, 'audit_log', list.length, 2);
    },
  );

  it('leaves staff actions out for who may not see them, speaks the request’s language, refuses bad kinds', async () => {
    const query = `after=${firstAudit}`;
    const all = (await csv(`timeline/export.csv?${query}`)).rows;
    const desk = (await csv(`timeline/export.csv?${query}`, dispatcher)).rows;
    expect(desk).toEqual((await items(query, dispatcher)).map(expected));
    expect(desk.length).toBeLessThan(all.length);
    expect(desk.some((r) => r[2] === 'Staff actions')).toBe(false);
    expect((await csv(`timeline/export.csv?${query}&kinds=staff`, dispatcher)).rows).toEqual([]);
    await expectTranslatedHeader('timeline/export.csv', HEADER);
    const fr = (await csv(`timeline/export.csv?${query}&kinds=staff`, admin, { 'accept-language': 'fr' })).rows;
    expect(fr.every((r) => r[2] === CATALOGUES.fr['Staff actions'])).toBe(true);
    expect(fr.some((r) => r[3].startsWith(CATALOGUES.fr['Staff member']))).toBe(true);
    expect((await get('timeline/export.csv?kinds=nope')).statusCode).toBe(422);
    expect((await get('timeline/export.csv', callcenter)).statusCode).toBe(403);
  });
});
