import * as banks from './catalogues/banks.resource';
import * as captainCancellationReasons from './catalogues/captain-cancellation-reasons.resource';
import * as carBrands from './catalogues/car-brands.resource';
import * as carModels from './catalogues/car-models.resource';
import * as cashRegisters from './catalogues/cash-registers.resource';
import * as changeCaptainReasons from './catalogues/change-captain-reasons.resource';
import * as colors from './catalogues/colors.resource';
import * as nationalities from './catalogues/nationalities.resource';
import * as paymentRides from './catalogues/payment-rides.resource';
import * as ratingCauses from './catalogues/rating-causes.resource';
import * as roles from './catalogues/roles.resource';
import * as staff from './catalogues/staff.resource';
import * as vouchers from './catalogues/vouchers.resource';
import type { ResourceDef } from './define';

const MODULES = [
  banks,
  captainCancellationReasons,
  carBrands,
  carModels,
  cashRegisters,
  changeCaptainReasons,
  colors,
  nationalities,
  paymentRides,
  ratingCauses,
  roles,
  staff,
  vouchers,
];

/** Every catalogue declaration (each module's default export). */
export const RESOURCE_DEFS: readonly ResourceDef[] = MODULES.map((m) => m.default as ResourceDef);

/**
 * The English texts the declarations show, translated at display time by the generic catalogue pages:
 * titles, field labels, hints and options, expanded rows' columns, row and bulk actions.
 */
export function resourceSourceTexts(): string[] {
  const out: string[] = [];
  for (const def of RESOURCE_DEFS) {
    out.push(def.title);
    for (const field of def.fields) {
      out.push(field.label);
      if (field.helper) out.push(field.helper);
      for (const option of field.options ?? []) out.push(option.label);
    }
    for (const column of def.expand?.columns ?? []) out.push(column.label);
    for (const action of def.rowActions ?? []) out.push(action.label);
    for (const action of def.bulkActions ?? []) out.push(action.label);
  }
  return [...new Set(out)];
}
