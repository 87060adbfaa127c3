import { z } from 'zod';
import { fareQuoteSchema, priceRuleSchema, tariffSchema } from '../fares';
import { emptyEnvelope, envelope } from './envelope';

export const faresContract = {
  quote: envelope(fareQuoteSchema),
  tariffs: envelope(z.object({ service_id: z.number().int(), tariffs: z.array(tariffSchema) })),
  rules: envelope(z.array(priceRuleSchema)),
  rule: envelope(priceRuleSchema),
  deleted: emptyEnvelope,
  bookingFare: envelope(z.object({ estimate: fareQuoteSchema.nullable(), final: fareQuoteSchema.nullable() })),
};
