import { z } from 'zod';
import { texts, tr } from './i18n';

/** A captain's contract (its level and when it was signed), shown on the captain page. */
export const captainContractSchema = z
  .object({
    level: z
      .object({
        id: z.number().int(),
        name: z.string(),
        commission_percent: z.number(),
        contract_template: z.object({ name: z.string() }),
      })
      .nullable(),
    signed_at: z.string().nullable(),
  })
  .meta({ id: 'CaptainContract' });
export type CaptainContractDto = z.infer<typeof captainContractSchema>;

export const captainContractBody = z.object({ contract_level_id: z.number().int().positive().nullable() });

export const CONTRACT_MSG = texts({
  unknownLevel: 'Unknown contract level',
  heading: 'Contract level',
  none: 'No contract: the whole fare is the captain’s',
  level: (level: string, percent: string, template: string) =>
    tr('{{level}} — commission {{percent}} ({{template}})', { level, percent, template }),
  change: 'Change contract level',
  saved: 'Contract level saved',
});
