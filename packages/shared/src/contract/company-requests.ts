import { companyRequestSchema } from '../company-requests';
import { envelope, pageEnvelope } from './envelope';

export const companyRequestsContract = {
  request: envelope(companyRequestSchema),
  page: pageEnvelope(companyRequestSchema),
};
