import { MSG, RESOURCE_MSG, type ResourceDef } from '@taxi/shared';
import { HttpError, validationError } from '../../http/errors';

function pgError(error: unknown): { code?: string; detail?: string; constraint?: string } | null {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(code)) return e as { code: string };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Database constraint violations become readable 422/409 answers, never a 500. */
export function translateDbError(def: ResourceDef, error: unknown): never {
  if (error instanceof HttpError) throw error;
  const pg = pgError(error);
  if (pg?.code === '23505') {
    const column = /Key \((?:lower\()?"?(\w+)"?\)?\)=/.exec(pg.detail ?? '')?.[1];
    const field = def.fields.find((f) => f.name === column);
    if (field) throw validationError(field.name, RESOURCE_MSG.taken(field.label));
    throw new HttpError(409, RESOURCE_MSG.taken('value'));
  }
  // 23001: a RESTRICT foreign key refused the delete of a row still in use.
  if (pg?.code === '23001' || (pg?.code === '23503' && pg.detail?.includes('is still referenced')))
    throw new HttpError(409, RESOURCE_MSG.inUse);
  if (pg?.code === '23503') {
    // A reference to a row that does not exist: the field that names it is wrong.
    const column = /Key \((\w+)\)=/.exec(pg.detail ?? '')?.[1];
    const field = def.fields.find((f) => f.name === column);
    if (field) throw validationError(field.name, RESOURCE_MSG.missingReference);
    throw new HttpError(409, RESOURCE_MSG.missingReference);
  }
  if (pg?.code === '23502' || pg?.code === '22P02' || pg?.code === '22003')
    throw new HttpError(422, MSG.validationFailed);
  throw error;
}
