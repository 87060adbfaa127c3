import { systemContract, systemPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { listOutbox } from '../auth/queries';
import { DevOutboxProvider } from '../sms/providers';

/**
 * Development only (app.ts registers it only when APP_ENV=development): the local mail outbox, which
 * holds login codes, and the SMS and WhatsApp messages sent without a gateway — so it answers loopback
 * clients only (404 for anyone else).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      config: { policy: systemPolicy.devOutbox, localOnly: true },
      schema: { response: { 200: systemContract.devOutbox } },
    },
    async () => {
      const rows = await listOutbox(app.db);
      const mails = rows.map((r) => ({
        channel: 'email' as const,
        to: r.to,
        subject: r.subject,
        text: r.text,
        code: r.code,
        created_at: r.createdAt.toISOString(),
      }));
      // SMS and WhatsApp messages kept in memory when no gateway is configured.
      const provider = app.messages.provider;
      const texts = (provider instanceof DevOutboxProvider ? provider.list() : []).map((m) => ({
        channel: m.channel,
        to: m.to,
        subject: m.channel === 'sms' ? 'SMS' : 'WhatsApp',
        text: m.body,
        code: null,
        created_at: m.createdAt.toISOString(),
      }));
      // Newest first, as each list is.
      return ok([...mails, ...texts].sort((a, b) => b.created_at.localeCompare(a.created_at)));
    },
  );
};
