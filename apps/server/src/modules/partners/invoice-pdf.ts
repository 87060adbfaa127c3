import {
  CURRENCY,
  cityWallClock,
  PARTNER_BILLING,
  PARTNER_INVOICE_PDF,
  PARTNER_KIND_LABELS,
  type PartnerInvoiceDto,
  type PartnerSummaryDto,
} from '@taxi/shared';
import { LANGUAGE_LOCALES, type Language, pickLanguage } from '@taxi/shared/i18n';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { translateRendered } from '@taxi/shared/i18n/rendered';
import PDFDocument from 'pdfkit';

/**
 * The PDF's language: the caller's (Accept-Language), as the CSV's header. Arabic falls back to English: the
 * PDF is written with the standard PDF fonts (Helvetica, WinAnsi: Latin letters only), the repository ships no
 * font with Arabic glyphs, and pdfkit neither orders right-to-left text (no bidi) nor mirrors a layout. Arabic
 * needs an embedded font (Noto Sans Arabic, DejaVu Sans) and a bidi pass before it can be offered here.
 */
export function invoicePdfLanguage(acceptLanguage: string | undefined): Exclude<Language, 'ar'> {
  const language = pickLanguage(acceptLanguage);
  return language === 'ar' ? 'en' : language;
}

export interface InvoicePdfInput {
  partner: Pick<PartnerSummaryDto, 'name' | 'address' | 'kind'>;
  /** How the partner's rides were grouped into this invoice: 'monthly' or 'per_ride'. */
  billing: string;
  invoice: PartnerInvoiceDto;
  /** When it is written (the server clock, ms): its "issued on" day and the PDF's creation date. */
  issued: number;
  language: Exclude<Language, 'ar'>;
}

// A4 in points, its margins, the table's columns (their widths fill the text width: 595.28 - 2 × 48).
const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const COLUMNS = [
  { text: 'date', width: 76 },
  { text: 'booking', width: 60 },
  { text: 'guest', width: 86 },
  { text: 'from', width: 110 },
  { text: 'to', width: 102 },
  { text: 'amount', width: TEXT_WIDTH - 76 - 60 - 86 - 110 - 102, right: true },
] as const satisfies readonly { text: keyof typeof PARTNER_INVOICE_PDF; width: number; right?: boolean }[];
const CELL_PAD = 4;
const SMALL = 8.5;
/** The table stops above the footer line. */
const TABLE_BOTTOM = PAGE.height - PAGE.margin - 18;
/** A cell longer than this is cut (an address pasted twice must not make a row taller than a page). */
const CELL_MAX = 160;
/** The footer's partner name is cut shorter: it shares its line with the page number. */
const FOOTER_NAME_MAX = 70;

// WinAnsi (the standard fonts' encoding) beyond Latin-1: what Helvetica can draw outside U+0020-U+00FF.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const drawable = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/**
 * A text the standard fonts can draw: narrow no-break spaces (French amounts) become no-break spaces, accents
 * outside WinAnsi lose their mark (ł → l is not possible, ő → o is), other letters become '?'.
 */
function winAnsi(text: string): string {
  let out = '';
  for (const c of text
    .normalize('NFC')
    .replace(/[\u202f\u2009\u2007]/g, '\u00a0')
    .replace(/[\r\n\t]+/g, ' ')) {
    if (drawable(c)) out += c;
    else {
      const bare = c.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every(drawable) ? bare : '?';
    }
  }
  return out;
}

const clip = (text: string, max = CELL_MAX) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const two = (n: number) => String(n).padStart(2, '0');
/** The spec's numeric formats, the same in every language, on the city's wall clock. */
const cityDay = (ms: number) => {
  const c = cityWallClock(ms);
  return `${two(c.day)}/${two(c.month)}/${c.year}`;
};
const cityDateTime = (ms: number) => {
  const c = cityWallClock(ms);
  return `${cityDay(ms)} ${two(c.hour)}:${two(c.minute)}`;
};

/** Writes one invoice as an A4 PDF: the partner, the invoice's key, period and billing, a row per ride, the total. */
export function invoicePdf(input: InvoicePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { partner, billing, invoice, issued, language } = input;
  const catalogue = language === 'en' ? undefined : CATALOGUES[language];
  const t = (source: string) => winAnsi(translateRendered(catalogue, source));
  const euros = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: 'currency', currency: CURRENCY });
  const money = (value: number) => winAnsi(euros.format(value));
  const billingLabel = PARTNER_BILLING.find((b) => b.value === billing)?.label ?? billing;
  const perRide = billing === 'per_ride';
  const firstRide = invoice.lines[0];
  const period = perRide && firstRide ? cityDay(Date.parse(firstRide.at)) : invoice.month;

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: language,
    info: {
      Title: winAnsi(`${t(PARTNER_INVOICE_PDF.invoice)} ${invoice.key} - ${partner.name}`),
      CreationDate: new Date(issued),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  let y = PAGE.margin;

  // The partner (left) and the invoice's title (right).
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000');
  doc.text(winAnsi(partner.name), left, y, { width: TEXT_WIDTH * 0.6 });
  doc.font('Helvetica').fontSize(10).fillColor('#555');
  doc.text(t(PARTNER_KIND_LABELS[partner.kind]));
  if (partner.address) doc.fillColor('#000').text(winAnsi(partner.address), { width: TEXT_WIDTH * 0.6 });
  const partnerBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#000');
  doc.text(t(PARTNER_INVOICE_PDF.invoice), left, y, { width: TEXT_WIDTH, align: 'right' });
  doc.font('Helvetica').fontSize(11).text(winAnsi(invoice.key), { width: TEXT_WIDTH, align: 'right' });
  y = Math.max(partnerBottom, doc.y) + 18;

  // The invoice's facts, label: value.
  const facts: [string, string][] = [
    [t(PARTNER_INVOICE_PDF.period), winAnsi(period)],
    [t(PARTNER_INVOICE_PDF.billing), t(billingLabel)],
    [t(PARTNER_INVOICE_PDF.issuedOn), cityDay(issued)],
    [t(PARTNER_INVOICE_PDF.rides), String(invoice.rides)],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fillColor('#000').text(label, left, y, { width: 110 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(value, left + 110, y, { width: TEXT_WIDTH - 110 });
    y = Math.max(labelBottom, doc.y) + 2;
  }
  y += 14;

  // The table: a header row (again on each page), a row per ride.
  const cells = (values: readonly string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(SMALL);
    const height =
      Math.max(...values.map((v, i) => doc.heightOfString(v || ' ', { width: COLUMNS[i].width - 2 * CELL_PAD }))) +
      2 * CELL_PAD;
    return { height, values, bold };
  };
  const draw = (row: ReturnType<typeof cells>, shade: boolean) => {
    if (shade) doc.rect(left, y, TEXT_WIDTH, row.height).fill('#eeeeee');
    doc
      .font(row.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(SMALL)
      .fillColor('#000');
    let x = left;
    row.values.forEach((value, i) => {
      const column = COLUMNS[i];
      doc.text(value, x + CELL_PAD, y + CELL_PAD, {
        width: column.width - 2 * CELL_PAD,
        align: 'right' in column ? 'right' : 'left',
      });
      x += column.width;
    });
    y += row.height;
    doc
      .moveTo(left, y)
      .lineTo(left + TEXT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
  };
  const header = cells(
    COLUMNS.map((c) => t(PARTNER_INVOICE_PDF[c.text])),
    true,
  );
  draw(header, true);
  for (const line of invoice.lines) {
    const row = cells(
      [
        cityDateTime(Date.parse(line.at)),
        `#${line.booking_id}`,
        winAnsi(clip(line.passenger)),
        winAnsi(clip(line.pickup)),
        winAnsi(clip(line.dropoff ?? '')),
        money(line.amount),
      ],
      false,
    );
    if (y + row.height > TABLE_BOTTOM) {
      doc.addPage();
      y = PAGE.margin;
      draw(header, true);
    }
    draw(row, false);
  }

  // The total, under the amounts; the note under it.
  if (y + 48 > TABLE_BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 8;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000');
  doc.text(t(PARTNER_INVOICE_PDF.total), left, y, { width: TEXT_WIDTH - 110, align: 'right' });
  doc.text(money(invoice.total), left + TEXT_WIDTH - 110, y, { width: 110 - CELL_PAD, align: 'right' });
  y = doc.y + 10;
  doc.font('Helvetica').fontSize(SMALL).fillColor('#555');
  doc.text(t(PARTNER_INVOICE_PDF.note), left, y, { width: TEXT_WIDTH, align: 'right' });

  // Each page's footer, in the bottom margin (pdfkit would open a page for text below it: margin set to 0).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = PAGE.height - PAGE.margin + 8;
    doc.font('Helvetica').fontSize(SMALL).fillColor('#555');
    doc.text(winAnsi(`${clip(partner.name, FOOTER_NAME_MAX)} - ${invoice.key}`), left, footerY, { lineBreak: false });
    const page = t(PARTNER_INVOICE_PDF.page(i - range.start + 1, range.count));
    doc.text(page, left + TEXT_WIDTH - doc.widthOfString(page), footerY, { lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
