import type { z } from 'zod';

type RouteInput = { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType; headers?: z.ZodType };

/** A route's `schema`: its input schemas and the envelope it answers with 200. */
export function replies<R extends z.ZodType, I extends RouteInput = Record<never, never>>(
  response: R,
  input?: I,
): I & { response: { 200: R } } {
  return { ...(input as I), response: { 200: response } };
}
