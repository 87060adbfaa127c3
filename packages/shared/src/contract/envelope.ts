import { z } from 'zod';

/** `{ data, message? }`: the success envelope of every JSON answer (api.ts `Envelope`). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

/** A success without data (`{ data: null, message }`). */
export const emptyEnvelope = envelope(z.null());

/** Laravel's LengthAwarePaginator page (api.ts `Paginated`). */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    next_page_url: z.string().nullable(),
  });

/** A page of items in the envelope: `{ data: { data: [...], current_page, ... }, message? }`. */
export const pageEnvelope = <T extends z.ZodType>(item: T) => envelope(paginated(item));

/**
 * Bytes of a non-JSON answer (files, audio, exports): described for OpenAPI. The server sends a Buffer or a
 * stream, which Fastify never hands to the serializer, so the schema accepts anything at the type level.
 */
export const binaryBody = (description: string, mediaType = 'application/octet-stream') =>
  z.any().meta({ type: 'string', format: 'binary', contentMediaType: mediaType, description });

/** A text answer (Prometheus metrics, CSV). */
export const textBody = (description: string, mediaType = 'text/plain') =>
  z.string().meta({ contentMediaType: mediaType, description });

/** `{ id, name }` references (roles, sectors, catalogues). */
export const refSchema = z.object({ id: z.number().int(), name: z.string() });

export const isoDateTime = z.string();
export const lonLatTuple = z.tuple([z.number(), z.number()]);
