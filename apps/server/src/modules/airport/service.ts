import {
  AIRPORT_MSG,
  type AirportRequest,
  type AirportRequestDto,
  airportPolicy,
  isAirportSupervisor,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { airportAgencies } from '../../db/schema';
import { authorize } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { paginate } from '../../http/pagination';
import type { BookingService } from '../bookings/service';
import { fileAirportRequest } from './file-request';
import { findRequest, presentRequest, requestsPage } from './queries';

/** The airport desk: its requests, filed and followed by the agency's staff only (tenant isolation). */
export class AirportService {
  constructor(private readonly deps: { db: Db; bookings: BookingService }) {}

  private agencyOf(request: FastifyRequest): number {
    const agency = request.user.airport_agency_id;
    if (!agency) throw new HttpError(403, AIRPORT_MSG.noAgency);
    return agency;
  }

  /** A page of the agent's own requests, or of the whole agency's for the supervisor (role 12). */
  async list(request: FastifyRequest, query: { page: number; perPage: number }) {
    const agency = this.agencyOf(request);
    const creator = isAirportSupervisor(request.user) ? null : request.user.id;
    const page = await paginate(requestsPage(this.deps.db, agency, creator), { ...query, url: request.url });
    return { ...page, data: page.data.map((r) => strip(presentRequest(r))) };
  }

  /** One request, when the policy lets this user see it (another agency's or agent's: 403). */
  async show(request: FastifyRequest, id: number): Promise<AirportRequestDto> {
    const found = await findRequest(this.deps.db, id);
    if (!found) throw notFound();
    authorize(request, airportPolicy.request, found);
    return strip(found);
  }

  async file(request: FastifyRequest, input: AirportRequest): Promise<AirportRequestDto> {
    const agency = this.agencyOf(request);
    // An inactive agency's desk still follows its requests, but files no new one.
    const [row] = await this.deps.db
      .select({ active: airportAgencies.active })
      .from(airportAgencies)
      .where(eq(airportAgencies.id, agency));
    if (!row?.active) throw new HttpError(403, AIRPORT_MSG.agencyInactive);
    const booking = await fileAirportRequest(this.deps.bookings, request.user, agency, input);
    return this.show(request, booking.id);
  }
}

/** The reply carries no agency id (the policy's input, not the desk's business). */
function strip({ agency_id: _agency, ...dto }: AirportRequestDto & { agency_id: number | null }): AirportRequestDto {
  return dto;
}
