import type { FareQuote } from './types';

/** A voucher as the fare takes it: a percentage of the price, or a fixed amount in cents. */
export interface VoucherDiscount {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1–100), or cents. */
  amount: number;
}

/**
 * The quote with the voucher as its final adjustment line (after every rule): the discount never takes
 * the price below zero.
 */
export function applyVoucher(quote: FareQuote, voucher: VoucherDiscount): FareQuote {
  const off =
    voucher.kind === 'percent' ? Math.round((quote.cents * Math.min(100, voucher.amount)) / 100) : voucher.amount;
  const discount = Math.min(quote.cents, Math.max(0, off));
  const cents = quote.cents - discount;
  return {
    ...quote,
    cents,
    euros: cents / 100,
    lines: [...quote.lines, { kind: 'voucher', cents: -discount, name: voucher.code }],
  };
}
