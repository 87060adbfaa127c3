import {
  CURRENCY,
  cityWallClock,
  PARTNER_BILLING,
  PARTNER_INVOICE_PDF,
  PARTNER_KIND_LABELS,
  type PartnerInvoiceDto,
  type PartnerSummaryDto,
} from '@taxi/shared';
import { LANGUAGE_LOCALES, type Language } from '@taxi/shared/i18n';
import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { translateRendered } from '@taxi/shared/i18n/rendered';
import PDFDocument from 'pdfkit';
import { ARABIC_FONTS, hasArabic, type Piece, visualPieces, wrapLines } from './pdf-rtl';

export interface InvoicePdfInput {
  partner: Pick<PartnerSummaryDto, 'name' | 'address' | 'kind'>;
  /** How the partner's rides were grouped into this invoice: 'monthly' or 'per_ride'. */
  billing: string;
  invoice: PartnerInvoiceDto;
  /** When it is written (the server clock, ms): its "issued on" day and the PDF's creation date. */
  issued: number;
  /** The caller's (Accept-Language), as the CSV's header. */
  language: Language;
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

interface TextOptions {
  width: number;
  /** Where a line sits in its box: at the start of the page's direction (left, or right in Arabic), or its end. */
  align?: 'start' | 'end';
  bold?: boolean;
  size: number;
}

/** Draws text in the page's direction; boxes are given as on a left-to-right page and mirrored for Arabic. */
interface Writer {
  /** Draws a paragraph in a box; returns its height. */
  text(value: string, x: number, y: number, o: TextOptions): number;
  height(value: string, o: TextOptions): number;
}

const latinFont = (bold?: boolean) => (bold ? 'Helvetica-Bold' : 'Helvetica');

/**
 * Left to right: pdfkit's own text layout in the standard fonts; a value with Arabic letters (a guest's name)
 * goes through the bidi writer, unmirrored.
 */
function latinWriter(doc: PDFKit.PDFDocument): Writer {
  const mixed = bidiWriter(doc, false);
  const set = (o: Omit<TextOptions, 'width'>) => doc.font(latinFont(o.bold)).fontSize(o.size);
  return {
    text(value, x, y, o) {
      if (hasArabic(value)) return mixed.text(value, x, y, o);
      set(o).text(winAnsi(value) || ' ', x, y, { width: o.width, align: o.align === 'end' ? 'right' : 'left' });
      return this.height(value, o);
    },
    height: (value, o) =>
      hasArabic(value) ? mixed.height(value, o) : set(o).heightOfString(winAnsi(value) || ' ', { width: o.width }),
  };
}

/**
 * Each line ordered by the bidi algorithm (pdf-rtl.ts), Arabic in Noto Sans Arabic (shaped by pdfkit's font
 * engine), the rest in Helvetica; lines broken by the writer; on a right-to-left page, boxes mirrored.
 */
function bidiWriter(doc: PDFKit.PDFDocument, rtl: boolean): Writer {
  doc.registerFont('arabic', ARABIC_FONTS.regular);
  doc.registerFont('arabic-bold', ARABIC_FONTS.bold);
  const fontOf = (piece: Piece, bold?: boolean) => (piece.arabic ? (bold ? 'arabic-bold' : 'arabic') : latinFont(bold));
  const textOf = (piece: Piece) => (piece.arabic ? piece.text : winAnsi(piece.text));
  const measure = (o: Omit<TextOptions, 'width'>) => (piece: Piece) =>
    doc.font(fontOf(piece, o.bold)).fontSize(o.size).widthOfString(textOf(piece));
  const lineHeight = (size: number) => size * 1.45;
  const linesOf = (value: string, o: TextOptions) => wrapLines(value.replace(/[\r\t]+/g, ' '), o.width, measure(o));
  return {
    text(value, x, y, o) {
      const m = measure(o);
      const left = rtl ? PAGE.width - x - o.width : x;
      const atLeft = rtl ? o.align === 'end' : o.align !== 'end';
      let lineY = y;
      for (const line of linesOf(value, o)) {
        const pieces = visualPieces(line);
        const width = pieces.reduce((sum, p) => sum + m(p), 0);
        let px = atLeft ? left : left + o.width - width;
        // One baseline for the line's fonts (Noto's ascender is far taller than Helvetica's).
        const baseline = lineY + o.size;
        for (const piece of pieces) {
          doc
            .font(fontOf(piece, o.bold))
            .fontSize(o.size)
            .text(textOf(piece), px, baseline, { lineBreak: false, baseline: 'alphabetic' });
          px += m(piece);
        }
        lineY += lineHeight(o.size);
      }
      return lineY - y;
    },
    height: (value, o) => linesOf(value, o).length * lineHeight(o.size),
  };
}

/** Writes one invoice as an A4 PDF: the partner, the invoice's key, period and billing, a row per ride, the total. */
export function invoicePdf(input: InvoicePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { partner, billing, invoice, issued, language } = input;
  const catalogue = language === 'en' ? undefined : CATALOGUES[language];
  const t = (source: string) => translateRendered(catalogue, source);
  const euros = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: 'currency', currency: CURRENCY });
  const money = (value: number) => euros.format(value);
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
      Title: `${t(PARTNER_INVOICE_PDF.invoice)} ${invoice.key} - ${partner.name}`,
      CreationDate: new Date(issued),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = language === 'ar' ? bidiWriter(doc, true) : latinWriter(doc);

  const left = PAGE.margin;
  let y = PAGE.margin;

  // The partner (at the start) and the invoice's title (at the end).
  const half = TEXT_WIDTH * 0.6;
  let partnerY = y;
  doc.fillColor('#000');
  partnerY += w.text(partner.name, left, partnerY, { width: half, bold: true, size: 16 });
  doc.fillColor('#555');
  partnerY += w.text(t(PARTNER_KIND_LABELS[partner.kind]), left, partnerY, { width: half, size: 10 });
  doc.fillColor('#000');
  if (partner.address) partnerY += w.text(partner.address, left, partnerY, { width: half, size: 10 });
  let titleY = y;
  titleY += w.text(t(PARTNER_INVOICE_PDF.invoice), left, titleY, {
    width: TEXT_WIDTH,
    align: 'end',
    bold: true,
    size: 20,
  });
  titleY += w.text(invoice.key, left, titleY, { width: TEXT_WIDTH, align: 'end', size: 11 });
  y = Math.max(partnerY, titleY) + 18;

  // The invoice's facts, label: value.
  const facts: [string, string][] = [
    [t(PARTNER_INVOICE_PDF.period), period],
    [t(PARTNER_INVOICE_PDF.billing), t(billingLabel)],
    [t(PARTNER_INVOICE_PDF.issuedOn), cityDay(issued)],
    [t(PARTNER_INVOICE_PDF.rides), String(invoice.rides)],
  ];
  for (const [label, value] of facts) {
    const labelHeight = w.text(label, left, y, { width: 110, bold: true, size: 10 });
    const valueHeight = w.text(value, left + 110, y, { width: TEXT_WIDTH - 110, size: 10 });
    y += Math.max(labelHeight, valueHeight) + 2;
  }
  y += 14;

  // The table: a header row (again on each page), a row per ride.
  const cell = (i: number, bold: boolean): TextOptions => ({
    width: COLUMNS[i].width - 2 * CELL_PAD,
    align: 'right' in COLUMNS[i] ? 'end' : 'start',
    bold,
    size: SMALL,
  });
  const cells = (values: readonly string[], bold: boolean) => {
    const height = Math.max(...values.map((v, i) => w.height(v, cell(i, bold)))) + 2 * CELL_PAD;
    return { height, values, bold };
  };
  const draw = (row: ReturnType<typeof cells>, shade: boolean) => {
    if (shade) doc.rect(left, y, TEXT_WIDTH, row.height).fill('#eeeeee');
    doc.fillColor('#000');
    let x = left;
    row.values.forEach((value, i) => {
      w.text(value, x + CELL_PAD, y + CELL_PAD, cell(i, row.bold));
      x += COLUMNS[i].width;
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
        clip(line.passenger),
        clip(line.pickup),
        clip(line.dropoff ?? ''),
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
  doc.fillColor('#000');
  const totalHeight = w.text(t(PARTNER_INVOICE_PDF.total), left, y, {
    width: TEXT_WIDTH - 110,
    align: 'end',
    bold: true,
    size: 11,
  });
  w.text(money(invoice.total), left + TEXT_WIDTH - 110, y, {
    width: 110 - CELL_PAD,
    align: 'end',
    bold: true,
    size: 11,
  });
  y += totalHeight + 10;
  doc.fillColor('#555');
  w.text(t(PARTNER_INVOICE_PDF.note), left, y, { width: TEXT_WIDTH, align: 'end', size: SMALL });

  // Each page's footer, in the bottom margin (pdfkit would open a page for text below it: margin set to 0).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = PAGE.height - PAGE.margin + 8;
    doc.fillColor('#555');
    w.text(`${clip(partner.name, FOOTER_NAME_MAX)} - ${invoice.key}`, left, footerY, { width: half, size: SMALL });
    const page = t(PARTNER_INVOICE_PDF.page(i - range.start + 1, range.count));
    w.text(page, left + half, footerY, { width: TEXT_WIDTH - half, align: 'end', size: SMALL });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
