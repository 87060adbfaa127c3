import { z } from 'zod';
import { CAR_REQUEST_KINDS, CAR_REQUEST_STATUSES } from '../car-requests';
import { envelope, pageEnvelope, refSchema } from './envelope';

/** A car as a request shows it: the captain's current one or the one asked for. */
export const carRequestCarSchema = z
  .object({
    id: z.number().int().nullable(),
    number: z.string(),
    brand: refSchema.nullable(),
    model: refSchema.nullable(),
    color: z.object({ id: z.number().int(), name: z.string(), hex: z.string().nullable() }).nullable(),
    year: z.number().int().nullable(),
  })
  .meta({ id: 'CarRequestCar' });

export const carRequestSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(CAR_REQUEST_KINDS),
    status: z.enum(CAR_REQUEST_STATUSES),
    captain: z.object({ id: z.number().int(), full_name: z.string(), phone_number: z.string().nullable() }),
    /** The car asked for. */
    requested: carRequestCarSchema,
    /** The car it changes (change), or the captain's newest car (add); null when they have none. */
    current: carRequestCarSchema.nullable(),
    photos: z.array(z.string()),
    reason: z.string().nullable(),
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    /** The car created or changed on approval. */
    car_id: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CarRequest' });

export const carRequestsContract = {
  request: envelope(carRequestSchema),
  requests: pageEnvelope(carRequestSchema),
};

export type CarRequestCarDto = z.infer<typeof carRequestCarSchema>;
export type CarRequestDto = z.infer<typeof carRequestSchema>;
