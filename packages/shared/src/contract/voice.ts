import { z } from 'zod';
import { callerLookupSchema, callSchema, voiceCredentialsSchema, voiceOperatorSchema } from '../voice';
import { envelope, pageEnvelope, textBody } from './envelope';

/** The softphone's credentials, the caller lookup, the call log, and the SIP server's questions. */
export const voiceContract = {
  credentials: envelope(voiceCredentialsSchema),
  caller: envelope(callerLookupSchema),
  call: envelope(callSchema),
  calls: pageEnvelope(callSchema),
  operators: envelope(z.array(voiceOperatorSchema)),
  /** The SIP server reads plain text: the AORs to ring, space separated (204: nobody). */
  sipText: textBody('SIP URIs to ring, space separated; empty when nobody is available'),
  /** 204: nobody to ring. */
  sipNobody: z.null().meta({ description: 'Nobody is available: the SIP server answers the caller 480' }),
  sipOk: envelope(z.object({ ok: z.literal(true) })),
};
