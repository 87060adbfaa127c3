import type { PriceRuleDto } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { formatEuros, formatNumber } from '../../i18n/format';

/** A rule's conditions as a line and the days' names: written once in packages/shared (the CSV export's too). */
export { priceRuleConditionsText as conditionsText, priceRuleDayNames as dayNames } from '@taxi/shared';

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
