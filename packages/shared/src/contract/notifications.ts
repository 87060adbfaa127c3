import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notifications';
import { envelope, pageEnvelope } from './envelope';

export const notificationItemSchema = z
  .object({
    id: z.number(),
    /** English as raised; `template` with `params` renders it in the reader's language. */
    message: z.string(),
    template: z.string().nullable(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** Where a click on it leads (a console path), if anywhere. */
    link: z.string().nullable(),
    color: z.string(),
    datetime: z.string(),
    icon: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });

export const notificationsContract = {
  list: pageEnvelope(notificationItemSchema),
  unread: envelope(z.object({ unread: z.number().int() })),
  read: envelope(z.object({ unread: z.number().int(), marked: z.number().int() })),
};
