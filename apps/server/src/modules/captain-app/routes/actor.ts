import type { CaptainActor } from '@taxi/shared';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../../http/errors';

/** The captain the auth hook signed in for this captain-app route (401 if there is none: never on these routes). */
export function signedInCaptain(request: FastifyRequest): CaptainActor {
  if (!request.captain) throw unauthenticated();
  return request.captain;
}
