import { LOGIN_CODE_LENGTH, loginPayloadSchema, MSG } from '@taxi/shared';
import { z } from 'zod';

const rememberMe = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const sendCodeBodySchema = loginPayloadSchema.extend({ remember_me: rememberMe });

export const loginBodySchema = loginPayloadSchema.extend({
  remember_me: rememberMe,
  code: z
    .union([z.string(), z.number()], { error: MSG.required })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, MSG.required).length(LOGIN_CODE_LENGTH, MSG.invalidLength(LOGIN_CODE_LENGTH))),
});

export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
