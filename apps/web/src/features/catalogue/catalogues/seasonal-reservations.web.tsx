import { type FieldDef, type RowOf, seasonalReservationsResource } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { defineCatalogueWeb } from '../web';

type Row = RowOf<typeof seasonalReservationsResource>;

/** The season translated, and the captain by name (a row without one is the season's default). */
function cell(row: Row, field: FieldDef) {
  if (field.name === 'season') return tr(String(row.season));
  if (field.name === 'captain_id') return row.captain_name ?? tr('Season default');
  return undefined;
}

export default defineCatalogueWeb(seasonalReservationsResource, { renderCell: cell });
