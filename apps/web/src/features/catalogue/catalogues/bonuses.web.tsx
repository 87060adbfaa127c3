import { bonusesResource, type FieldDef, type RowOf } from '@taxi/shared';
import { formatEuros } from '../../../i18n/format';
import { defineCatalogueWeb } from '../web';

/** A bonus's amount in euros. */
export default defineCatalogueWeb(bonusesResource, {
  renderCell: (row: RowOf<typeof bonusesResource>, field: FieldDef) =>
    field.name === 'amount' ? formatEuros(row.amount) : undefined,
});
