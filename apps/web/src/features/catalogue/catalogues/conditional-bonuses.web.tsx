import { conditionalBonusesResource, type FieldDef, type RowOf } from '@taxi/shared';
import { formatEuros } from '../../../i18n/format';
import { defineCatalogueWeb } from '../web';

/** A conditional bonus's amount in euros. */
export default defineCatalogueWeb(conditionalBonusesResource, {
  renderCell: (row: RowOf<typeof conditionalBonusesResource>, field: FieldDef) =>
    field.name === 'amount' ? formatEuros(row.amount) : undefined,
});
