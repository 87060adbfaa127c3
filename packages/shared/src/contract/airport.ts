import { airportRequestDtoSchema } from '../airport';
import { envelope, pageEnvelope } from './envelope';

/** The airport desk's calls (airport/create). */
export const airportContract = {
  request: envelope(airportRequestDtoSchema),
  page: pageEnvelope(airportRequestDtoSchema),
};
