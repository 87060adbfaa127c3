import { FLEET_MSG } from '@taxi/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vehicleTypes } from '../../db/schema';
import { validationError } from '../../http/errors';

/** A car's type as the catalogue spells it (matched without case), or 422 on vehicle_type. */
export async function vehicleTypeNamed(db: DbOrTx, name: string): Promise<string> {
  const [row] = await db
    .select({ name: vehicleTypes.name })
    .from(vehicleTypes)
    .where(eq(sql`lower(${vehicleTypes.name})`, name.trim().toLowerCase()));
  if (!row) throw validationError('vehicle_type', FLEET_MSG.unknownVehicleType);
  return row.name;
}
