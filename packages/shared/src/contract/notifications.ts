import { z } from 'zod';
import { pageEnvelope } from './envelope';

export const notificationItemSchema = z
  .object({
    id: z.number(),
    message: z.string(),
    color: z.string(),
    datetime: z.string(),
    icon: z.string(),
  })
  .meta({ id: 'Notification' });

export const notificationsContract = { list: pageEnvelope(notificationItemSchema) };
