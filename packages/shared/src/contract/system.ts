import { z } from 'zod';
import { selfTestSchema } from '../system-self-test';
import { systemStatusSchema } from '../system-status';
import { envelope, textBody } from './envelope';

export const systemContract = {
  /** GET /metrics (outside /api: loopback or METRICS_TOKEN). */
  metrics: textBody('Prometheus text exposition format'),
  appInfo: envelope(z.object({ app_env: z.string(), version: z.string() })),
  health: envelope(z.object({ status: z.literal('ok') })),
  ready: envelope(z.object({ status: z.literal('ready') })),
  /** The administrators' debug view: this node's process, database, sockets, jobs, traffic, simulator. */
  status: envelope(systemStatusSchema),
  /** The self-test: each part of the system made to work once, with its result. */
  selfTest: envelope(selfTestSchema),
  devOutbox: envelope(
    z.array(
      z.object({
        /** e-mail, or an SMS or WhatsApp message of the development message outbox. */
        channel: z.enum(['email', 'sms', 'whatsapp']),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        code: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  ),
};
