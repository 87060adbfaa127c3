import { timingSafeEqual } from 'node:crypto';
import { voiceContract as contract, VOICE_MSG, voicePolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { parseTried } from './queue';

const SIP = { policy: voicePolicy.sip };
const sipCallId = z.string().min(1).max(255);
const digits = z.string().max(64);

/**
 * The SIP server's questions (voice/kamailio.cfg), authenticated by the voice key in X-Voice-Key rather
 * than a session. 404 when this deployment has no voice connection.
 */
export const sipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!app.config.voice) throw new HttpError(404, VOICE_MSG.noSuchCall);
    const given = Buffer.from(String(request.headers['x-voice-key'] ?? ''));
    const expected = Buffer.from(app.voiceKeys.api);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HttpError(401, VOICE_MSG.badKey);
  });

  app.get(
    '/voice/sip/registration',
    {
      config: SIP,
      schema: {
        querystring: z.object({
          user: z.string().max(64),
          expires: z.coerce.number().int().min(0).max(86_400).default(600),
        }),
        response: { 200: contract.sipOk },
      },
    },
    async (request) => {
      if (!(await app.voice.register(request.query.user, request.query.expires)))
        throw new HttpError(403, VOICE_MSG.notYourCall);
      return ok({ ok: true as const });
    },
  );
  app.get(
    '/voice/sip/session',
    {
      config: SIP,
      schema: {
        querystring: z.object({ user: z.string().max(64) }),
        response: { 200: contract.sipOk },
      },
    },
    async (request) => {
      // Asked for every call, message and transfer an operator starts (REGISTER asks /registration).
      if (!(await app.voice.sessionLive(request.query.user))) throw new HttpError(403, VOICE_MSG.notYourCall);
      return ok({ ok: true as const });
    },
  );
  app.get(
    '/voice/sip/next',
    {
      config: SIP,
      schema: {
        querystring: z.object({ call: sipCallId, from: digits.default(''), tried: z.string().max(4000).optional() }),
        response: { 200: contract.sipText, 204: contract.sipNobody },
      },
    },
    async (request, reply) => {
      const next = await app.voice.next(request.query.call, request.query.from, parseTried(request.query.tried));
      reply.type('text/plain; charset=utf-8');
      // 204: nobody to ring (the SIP server answers the caller 480).
      if (next.length === 0) return reply.status(204).send(null);
      return next.join(',');
    },
  );
  app.get(
    '/voice/sip/event',
    {
      config: SIP,
      schema: {
        querystring: z.object({
          call: sipCallId,
          // cancel: the caller hung up while it rang; bye: a hang-up in the call; gaveup: the SIP server answered
          // the caller 480 without ringing what it was told last (the answer came too late).
          event: z.enum(['cancel', 'bye', 'gaveup']),
          from: digits.default(''),
        }),
        response: { 200: contract.sipOk },
      },
    },
    async (request) => {
      await app.voice.sipEvent(request.query.call, request.query.event, request.query.from);
      return ok({ ok: true as const });
    },
  );
};
