import type { PriceRuleDto } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { formatEuros, formatNumber } from '../../i18n/format';

/** Sunday first, as the engine counts days (0 … 6). */
export const dayNames = () => [tr('Sun'), tr('Mon'), tr('Tue'), tr('Wed'), tr('Thu'), tr('Fri'), tr('Sat')];

/** "+ €2.00", "× 1.1", "= €45.00", "at most €120.00": a rule's effect in a few characters. */
export function effectText(effect: PriceRuleDto['effect']): string {
  switch (effect.kind) {
    case 'surcharge':
      return `+ ${formatEuros(effect.amount ?? 0)}`;
    case 'multiplier':
      return `× ${formatNumber(effect.factor ?? 1, 2)}`;
    case 'fixed':
      return `= ${formatEuros(effect.amount ?? 0)}`;
    default:
      return tr('at most {{amount}}', { amount: formatEuros(effect.amount ?? 0) });
  }
}

/** The rule's conditions as a line, given the names of services and zones; "Always" when it has none. */
export function conditionsText(
  c: PriceRuleDto['conditions'],
  names: { service: (id: number) => string; zone: (id: number) => string; season: (s: string) => string },
): string {
  const parts: string[] = [];
  if (c.services?.length) parts.push(c.services.map(names.service).join(', '));
  if (c.seasons?.length) parts.push(c.seasons.map(names.season).join(', '));
  if (c.days?.length) {
    const days = dayNames();
    parts.push(c.days.map((d) => days[d]).join(', '));
  }
  if (c.time_from && c.time_to) parts.push(`${c.time_from}–${c.time_to}`);
  if (c.zones?.length) parts.push(tr('zones {{zones}}', { zones: c.zones.map(names.zone).join(', ') }));
  if (c.passenger_classes?.length) parts.push(c.passenger_classes.join(', '));
  if (c.airport !== undefined) parts.push(c.airport ? tr('airport') : tr('not airport'));
  if (c.event !== undefined) parts.push(c.event ? tr('city event') : tr('no city event'));
  return parts.length ? parts.join(' · ') : tr('Always');
}
