import { CURRENCY, dateToCityLocal } from '@taxi/shared';

/** The city's wall-clock time of an instant ('YYYY-MM-DD HH:mm'), or '—'. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dateToCityLocal(iso) : '—';
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: CURRENCY });
export const formatEuros = (amount: number) => euros.format(amount);
