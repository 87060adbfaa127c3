import { inflateSync } from 'node:zlib';
import { PARTNER_INVOICE_PDF } from '@taxi/shared';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { translateRendered } from '@taxi/shared/i18n/rendered';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema';
import { makeBooking } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let hotel: string;
let restaurant: string;
let partnerId: number;

beforeAll(async () => {
  [admin, hotel, restaurant] = await loginAll(
    t.app,
    'admin@example.com',
    'hotel@example.com',
    'restaurant@example.com',
  );
  partnerId = (await call('GET', 'partner', hotel)).json().data.id;
  // Three paid rides on the hotel's account over two city months (one with a tip), one unpaid.
  const rides = [
    { at: '2026-10-12T08:00:00Z', amounts: ['18.40'] },
    { at: '2026-11-02T09:30:00Z', amounts: ['22.10', '2.00'] },
    { at: '2026-11-20T17:45:00Z', amounts: ['30.05'] },
  ];
  for (const ride of rides) {
    const b = await makeBooking(t.db, { partnerId, datetime: new Date(ride.at), status: 'DONE' });
    await t.db.insert(payments).values(ride.amounts.map((amount) => ({ bookingId: b.id, amount })));
  }
  await makeBooking(t.db, { partnerId, status: 'PENDING' });
});

const invoices = async (token: string) => {
  const res = await call('GET', 'partner/invoices', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    billing: string;
    invoices: { key: string; month: string; rides: number; total: number }[];
  };
};

describe("a partner's invoices", () => {
  it('monthly billing: one invoice per city month, its paid rides summed (tips included), newest first', async () => {
    expect((await call('PUT', `hotels/${partnerId}`, admin, { billing: 'monthly' })).statusCode).toBe(200);
    const mine = await invoices(hotel);
    expect(mine.billing).toBe('monthly');
    const ours = mine.invoices.filter((i) => i.month === '2026-11' || i.month === '2026-10');
    expect(ours.map(({ key, rides, total }) => ({ key, rides, total }))).toEqual([
      { key: '2026-11', rides: 2, total: 54.15 },
      { key: '2026-10', rides: 1, total: 18.4 },
    ]);
  });

  it('per-ride billing: the same rides, one invoice each — the setting changes the invoices', async () => {
    expect((await call('PUT', `hotels/${partnerId}`, admin, { billing: 'per_ride' })).statusCode).toBe(200);
    const mine = await invoices(hotel);
    expect(mine.billing).toBe('per_ride');
    const totals = mine.invoices.filter((i) => i.month >= '2026-10').map((i) => [i.rides, i.total]);
    expect(totals).toEqual([
      [1, 30.05],
      [1, 24.1],
      [1, 18.4],
    ]);
    expect(mine.invoices.every((i) => i.key.startsWith('ride-'))).toBe(true);
  });

  it('another partner never sees them; staff have no partner desk', async () => {
    const other = await invoices(restaurant);
    expect(other.invoices.some((i) => i.total === 54.15 || i.total === 30.05)).toBe(false);
    expect((await call('GET', 'partner/invoices', admin)).statusCode).toBe(403);
    expect((await call('GET', 'partner/invoices', null)).statusCode).toBe(401);
  });
});

describe("staff: a partner's invoices on its page, and as CSV", () => {
  it('the staff route answers what the desk sees; 404 for no such partner; closed to the partners', async () => {
    expect((await call('PUT', `hotels/${partnerId}`, admin, { billing: 'monthly' })).statusCode).toBe(200);
    const staff = await call('GET', `partners/${partnerId}/invoices`, admin);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data).toEqual(await invoices(hotel));
    expect((await call('GET', 'partners/999999/invoices', admin)).statusCode).toBe(404);
    expect((await call('GET', `partners/${partnerId}/invoices`, hotel)).statusCode).toBe(403);
    expect((await call('GET', `partners/${partnerId}/invoices/export.csv`, restaurant)).statusCode).toBe(403);
  });

  it('the CSV has a line per billed ride with its invoice, translated headers, and one invoice on request', async () => {
    const all = await call('GET', `partners/${partnerId}/invoices/export.csv`, admin);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    const rows = all.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Invoice,Month,Booking,Date and time,Guest,From,To,Amount');
    const november = rows.filter((r) => r.startsWith('2026-11,'));
    expect(november).toHaveLength(2);
    expect(november.map((r) => Number(r.split(',').at(-1))).sort()).toEqual([24.1, 30.05]);
    expect(all.headers['x-total-count']).toBe(String(rows.length - 1));

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/partners/${partnerId}/invoices/export.csv?key=2026-10`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'fr' },
    });
    const lines = one.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Montant');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^2026-10,2026-10,\d+,2026-10-12 /);
    const none = await call('GET', `partners/${partnerId}/invoices/export.csv?key=1999-01`, admin);
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

/** Letters that differ only by their dots, one shape each (ب ت ث ن ي ى are one tooth). */
const DOTLESS: Record<string, string> = Object.fromEntries(
  ['بتثنيىئ', 'جحخ', 'دذ', 'رز', 'سش', 'صض', 'طظ', 'عغ', 'فق', 'هة'].flatMap((group) =>
    [...group].map((letter) => [letter, group[0]]),
  ),
);
/** A text's Arabic letters by their dotless shapes, in logical order; anything else dropped. */
const skeleton = (text: string) =>
  [...text]
    .filter((c) => /[\u0621-\u064a]/.test(c))
    .map((c) => DOTLESS[c] ?? c)
    .join('');

/** The text items of a PDF's pages as pdf.js reads them, with where each starts on the page. */
async function readPdf(pdf: Buffer): Promise<{ str: string; x: number }[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const out: { str: string; x: number }[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    for (const item of content.items)
      if ('str' in item && item.str.trim()) out.push({ str: item.str.trim(), x: item.transform[4] });
  }
  return out;
}

/** WinAnsi's bytes 0x80-0x9F (Latin-1 has control codes there): the euro sign, typographic quotes… */
const WIN_ANSI_80 = [...'€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ'];

/**
 * The text a PDF draws: pdfkit writes the standard fonts' text as hex strings (WinAnsi bytes) in TJ arrays, in
 * deflated content streams. Each TJ array's strings are joined (kerning splits words), one array a line.
 */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  for (const stream of pdf.toString('latin1').matchAll(/(?<!end)stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1], 'latin1')).toString('latin1');
    } catch {
      content = stream[1];
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1'));
      out.push(hex.join('').replace(/[\x80-\x9f]/g, (c) => WIN_ANSI_80[c.charCodeAt(0) - 0x80] ?? c));
    }
  }
  return out.join('\n');
}

const pdfOf = (token: string | null, query: string, language?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/partners/${partnerId}/invoices/export.pdf${query}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(language ? { 'accept-language': language } : {}),
    },
  });

describe("staff: one of a partner's invoices as a PDF", () => {
  type Invoice = { key: string; total: number; lines: { booking_id: number }[] };
  const staffInvoices = async () => {
    const res = await call('GET', `partners/${partnerId}/invoices`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.invoices as Invoice[];
  };

  it('the PDF of the invoice named by key: the partner, a line per ride by booking number, the total', async () => {
    expect((await call('PUT', `hotels/${partnerId}`, admin, { billing: 'monthly' })).statusCode).toBe(200);
    const invoices = await staffInvoices();
    const november = invoices.find((i) => i.key === '2026-11');
    const october = invoices.find((i) => i.key === '2026-10');
    expect(november?.lines).toHaveLength(2);
    const { name } = (await call('GET', 'partner', hotel)).json().data as { name: string };

    const res = await pdfOf(admin, '?key=2026-11');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="partner_${partnerId}_invoice_2026-11-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`),
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text.replace(/\n/g, ' ')).toContain(name);
    expect(text).toContain('Invoice');
    expect(text).toContain('Billing');
    expect(text).toContain('Monthly invoice');
    for (const line of november?.lines ?? []) expect(text).toContain(`#${line.booking_id}`);
    for (const line of october?.lines ?? []) expect(text).not.toContain(`#${line.booking_id}`);
    expect(text).toMatch(/Total\n\u20ac54\.15/);
    expect(text).toContain('\u20ac30.05');
    expect(text).toContain('\u20ac24.10');
    expect(text).toContain('Page 1 of 1');
  });

  it("speaks the caller's language like the CSV, Arabic right to left in an embedded Arabic font", async () => {
    const fr = await pdfOf(admin, '?key=2026-10', 'fr');
    expect(fr.statusCode).toBe(200);
    const french = pdfText(fr.rawPayload);
    expect(french).toContain('Montant');
    expect(french).toContain('Facture mensuelle');
    expect(french).toMatch(/18,40\u00a0\u20ac/);

    const ar = await pdfOf(admin, '?key=2026-10', 'ar');
    expect(ar.statusCode).toBe(200);
    const pdf = ar.rawPayload.toString('latin1');
    expect(pdf).toContain('/Lang (ar)');
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
    // Read back as a PDF reader reads it (pdf.js: glyphs to text through the font's map, bidi to logical order).
    // Noto draws the dots of some letters as marks, which map to no letter (or to a stray one): Arabic is compared
    // by its letters' dotless shapes, and the partner's name and the period as drawn.
    const items = await readPdf(ar.rawPayload);
    const at = (text: string) => items.find((i) => i.str === text);
    const label = (source: string) => {
      const wanted = skeleton(translateRendered(CATALOGUES.ar, source));
      return items.find((i) => skeleton(i.str) === wanted);
    };
    for (const source of ['amount', 'invoice', 'total', 'guest', 'period'] as const) {
      const arabic = translateRendered(CATALOGUES.ar, PARTNER_INVOICE_PDF[source]);
      expect(arabic, source).toMatch(/^[\u0600-\u06ff]+$/);
      expect(label(PARTNER_INVOICE_PDF[source]), source).toBeDefined();
    }
    expect(at('Amount')).toBeUndefined();
    // Right to left: a fact's label sits right of its value, the date column right of the amounts; Latin values
    // (the partner's name, the period) read left to right.
    expect(at('2026-10')).toBeDefined();
    expect(label(PARTNER_INVOICE_PDF.period)?.x).toBeGreaterThan(at('2026-10')?.x ?? Number.POSITIVE_INFINITY);
    expect(label(PARTNER_INVOICE_PDF.guest)?.x).toBeGreaterThan(label(PARTNER_INVOICE_PDF.amount)?.x ?? 1e9);
    const { name } = (await call('GET', 'partner', hotel)).json().data as { name: string };
    expect(at(name)).toBeDefined();
  });

  it('per-ride billing: each ride its own PDF', async () => {
    expect((await call('PUT', `hotels/${partnerId}`, admin, { billing: 'per_ride' })).statusCode).toBe(200);
    const ride = (await staffInvoices()).find((i) => i.total === 30.05);
    expect(ride?.key).toMatch(/^ride-\d+$/);
    const res = await pdfOf(admin, `?key=${ride?.key}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Per ride');
    expect(text).toContain(`#${ride?.lines[0].booking_id}`);
    expect(text).toMatch(/Total\n\u20ac30\.05/);
    expect(text).not.toContain('\u20ac24.10');
    expect((await call('PUT', `hotels/${partnerId}`, admin, { billing: 'monthly' })).statusCode).toBe(200);
  });

  it('404 for an unknown key or partner, 422 without a key; closed to the partners and without a token', async () => {
    expect((await pdfOf(admin, '?key=1999-01')).statusCode).toBe(404);
    expect((await call('GET', 'partners/999999/invoices/export.pdf?key=2026-11', admin)).statusCode).toBe(404);
    expect((await pdfOf(admin, '')).statusCode).toBe(422);
    expect((await pdfOf(hotel, '?key=2026-11')).statusCode).toBe(403);
    expect((await pdfOf(restaurant, '?key=2026-11')).statusCode).toBe(403);
    expect((await pdfOf(null, '?key=2026-11')).statusCode).toBe(401);
  });
});
