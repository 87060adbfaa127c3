import {
  type BulkResult,
  type CaptainBookingRow,
  type CaptainCarDto,
  type CaptainDto,
  type CaptainSearchItem,
  type CaptainSortKey,
  type CreateCaptainInput,
  type CreateCarInput,
  type MonthlyBookingsDto,
  PEOPLE_MSG,
} from '@taxi/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { bookings, captains, carBrands, carModels, cars, cashRegisters, colors, rides } from '../../db/schema';
import { rowById } from '../../db/table-page';
import { notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import { vehicleTypeNamed } from '../fleet/vehicle-type';
import { eachRow } from '../resources/bulk';
import { type CaptainFilters, captainOrder, captainSearch, captainWhere } from './queries';
import { auditPerson, type CaptainRow, type PageOpts, presentCaptain } from './rows';

/** Captains as the console manages them: the list and search, creation, cars, activation, blocks, rides. */
export class CaptainService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  listCaptains(filters: CaptainFilters, opts: PageOpts & { sortBy?: CaptainSortKey }) {
    const where = captainWhere(filters, dateOf(this.clock));
    return paginate(
      {
        count: async () => (await this.db.select({ n: count() }).from(captains).where(where))[0].n,
        rows: async (limit, offset) => {
          const rows = await this.db
            .select({ c: captains, cr: { id: cashRegisters.id, name: cashRegisters.name } })
            .from(captains)
            .leftJoin(cashRegisters, eq(cashRegisters.id, captains.cashRegisterId))
            .where(where)
            .orderBy(...captainOrder(opts.sortBy, opts.descending ?? false))
            .limit(limit)
            .offset(offset);
          return rows.map((r) => presentCaptain(r.c, r.cr?.id ? r.cr : null));
        },
      },
      opts,
    );
  }

  async searchCaptains(term: string, limit = 20): Promise<CaptainSearchItem[]> {
    const rows = await this.db
      .select({
        id: captains.id,
        firstName: captains.firstName,
        lastName: captains.lastName,
        username: captains.username,
      })
      .from(captains)
      .where(captainSearch(term))
      .orderBy(captains.firstName, captains.lastName, captains.id)
      .limit(limit);
    return rows.map((r) => ({ id: r.id, full_name: `${r.firstName} ${r.lastName}`.trim(), username: r.username }));
  }

  private captainRow(db: DbOrTx, id: number, lock = false): Promise<CaptainRow> {
    return rowById(db, captains, id, lock);
  }

  async getCaptain(id: number): Promise<CaptainDto> {
    const row = await this.captainRow(this.db, id);
    const [cr] = row.cashRegisterId
      ? await this.db.select().from(cashRegisters).where(eq(cashRegisters.id, row.cashRegisterId))
      : [];
    const [{ n }] = await this.db.select({ n: count() }).from(cars).where(eq(cars.captainId, id));
    return { ...presentCaptain(row, cr ? { id: cr.id, name: cr.name } : null), cars_count: n };
  }

  async captainCars(id: number): Promise<CaptainCarDto[]> {
    const captain = await this.captainRow(this.db, id);
    const rows = await this.db
      .select({ car: cars, color: colors, model: carModels, brand: carBrands })
      .from(cars)
      .leftJoin(colors, eq(colors.id, cars.colorId))
      .leftJoin(carModels, eq(carModels.id, cars.carModelId))
      .leftJoin(carBrands, eq(carBrands.id, carModels.carBrandId))
      .where(eq(cars.captainId, id))
      .orderBy(cars.id);
    const owner = { id: captain.id, full_name: `${captain.firstName} ${captain.lastName}`.trim() };
    return rows.map((r) => ({
      id: r.car.id,
      number: r.car.number,
      color: r.color ? { id: r.color.id, name: r.color.name, hex: r.color.hex } : null,
      brand: r.brand ? { id: r.brand.id, name: r.brand.name } : null,
      model: r.model ? { id: r.model.id, name: r.model.name } : null,
      vehicle_type: r.car.vehicleType,
      seats: r.car.seats,
      captain: owner,
    }));
  }

  /** /drivers/create: a new (inactive) driver; activation with a cash register comes later. */
  async createCaptain(actorId: number, input: CreateCaptainInput): Promise<CaptainDto> {
    return this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: captains.id })
        .from(captains)
        .where(sql`lower(${captains.username}) = ${input.username.toLowerCase()}`)
        .limit(1);
      if (taken) throw validationError('username', PEOPLE_MSG.usernameTaken);
      const phone = input.phone_number.replace(/\s/g, '');
      const [phoneTaken] = await tx
        .select({ id: captains.id })
        .from(captains)
        .where(eq(captains.phoneNumber, phone))
        .limit(1);
      if (phoneTaken) throw validationError('phone_number', PEOPLE_MSG.phoneTaken);
      const [row] = await tx
        .insert(captains)
        .values({
          firstName: input.first_name,
          lastName: input.last_name,
          username: input.username,
          phoneNumber: phone,
          whatsappNumber: input.whatsapp_number || phone,
          email: input.email || null,
          registered: true,
          active: false,
        })
        .returning();
      await auditPerson(tx, actorId, 'captain.create', 'captain', row.id, { username: input.username });
      return presentCaptain(row);
    });
  }

  async createCar(actorId: number, captainId: number, input: CreateCarInput): Promise<CaptainCarDto> {
    const carId = await this.db.transaction(async (tx) => {
      await this.captainRow(tx, captainId);
      const [color] = await tx.select({ id: colors.id }).from(colors).where(eq(colors.id, input.color_id));
      if (!color) throw validationError('color_id', PEOPLE_MSG.unknownColor);
      const [model] = await tx.select({ id: carModels.id }).from(carModels).where(eq(carModels.id, input.car_model_id));
      if (!model) throw validationError('car_model_id', PEOPLE_MSG.unknownCarModel);
      const vehicleType = await vehicleTypeNamed(tx, input.vehicle_type);
      const [car] = await tx
        .insert(cars)
        .values({
          captainId,
          number: input.number.toUpperCase(),
          colorId: input.color_id,
          carModelId: input.car_model_id,
          vehicleType,
          seats: input.seats,
        })
        .returning({ id: cars.id });
      await auditPerson(tx, actorId, 'car.create', 'car', car.id, { captain_id: captainId, number: input.number });
      return car.id;
    });
    const list = await this.captainCars(captainId);
    const car = list.find((c) => c.id === carId);
    if (!car) throw notFound();
    return car;
  }

  /** Activation needs a cash register (people.md §2, §5). */
  async activateCaptain(actorId: number, id: number, cashRegisterId: number): Promise<CaptainDto> {
    return this.db.transaction(async (tx) => {
      await this.captainRow(tx, id, true);
      const [cr] = await tx.select().from(cashRegisters).where(eq(cashRegisters.id, cashRegisterId));
      if (!cr) throw validationError('cash_register_id', PEOPLE_MSG.chooseCashRegister);
      const [row] = await tx
        .update(captains)
        .set({ active: true, activatedAt: dateOf(this.clock), cashRegisterId, updatedAt: dateOf(this.clock) })
        .where(eq(captains.id, id))
        .returning();
      await auditPerson(tx, actorId, 'captain.activate', 'captain', id, { cash_register_id: cashRegisterId });
      return presentCaptain(row, { id: cr.id, name: cr.name });
    });
  }

  /**
   * A selection's activation (people.md §2): each driver through activateCaptain with the one cash register, in
   * its own transaction; an unknown driver is refused, the others are done. An unknown register refuses them all.
   */
  async activateCaptains(
    actorId: number,
    ids: readonly number[],
    cashRegisterId: number,
    log: FastifyBaseLogger,
  ): Promise<BulkResult> {
    if (!(await this.cashRegisterExists([cashRegisterId])))
      throw validationError('cash_register_id', PEOPLE_MSG.chooseCashRegister);
    return eachRow(ids, log, { action: 'captain.activate' }, (id) => this.activateCaptain(actorId, id, cashRegisterId));
  }

  async blockCaptain(actorId: number, id: number, until: Date, reason: string): Promise<CaptainDto> {
    if (until.getTime() <= this.clock.now()) throw validationError('until', PEOPLE_MSG.blockUntilInPast);
    return this.db.transaction(async (tx) => {
      await this.captainRow(tx, id, true);
      const [row] = await tx
        .update(captains)
        .set({ blockedUntil: until, blockReason: reason, blockedAt: dateOf(this.clock), updatedAt: dateOf(this.clock) })
        .where(eq(captains.id, id))
        .returning();
      await auditPerson(tx, actorId, 'captain.block', 'captain', id, { until: until.toISOString(), reason });
      return presentCaptain(row);
    });
  }

  async unblockCaptain(actorId: number, id: number): Promise<CaptainDto> {
    return this.db.transaction(async (tx) => {
      await this.captainRow(tx, id, true);
      const [row] = await tx
        .update(captains)
        .set({ blockedUntil: null, blockReason: null, blockedAt: null, updatedAt: dateOf(this.clock) })
        .where(eq(captains.id, id))
        .returning();
      await auditPerson(tx, actorId, 'captain.unblock', 'captain', id);
      return presentCaptain(row);
    });
  }

  /** Bookings served by the captain's rides, newest first (the captain page's bookings tab). */
  async captainBookings(id: number, opts: PageOpts) {
    await this.captainRow(this.db, id);
    const where = eq(rides.captainId, id);
    return paginate(
      {
        count: async () =>
          (
            await this.db
              .select({ n: count() })
              .from(bookings)
              .innerJoin(rides, eq(rides.id, bookings.rideId))
              .where(where)
          )[0].n,
        rows: async (limit, offset) =>
          (
            await this.db
              .select({
                id: bookings.id,
                status: bookings.status,
                datetime: bookings.datetime,
                from: bookings.pickUpLocationName,
                to: bookings.pullDownLocationName,
              })
              .from(bookings)
              .innerJoin(rides, eq(rides.id, bookings.rideId))
              .where(where)
              .orderBy(desc(bookings.datetime), desc(bookings.id))
              .limit(limit)
              .offset(offset)
          ).map(
            (r): CaptainBookingRow => ({
              id: r.id,
              status: r.status,
              datetime: r.datetime.toISOString(),
              pick_up_location_name: r.from,
              pull_down_location_name: r.to,
            }),
          ),
      },
      opts,
    );
  }

  /** Bookings served by the captain's rides, counted per month (last `months` months, oldest first). */
  async monthlyBookings(id: number, months = 12): Promise<MonthlyBookingsDto[]> {
    await this.captainRow(this.db, id);
    const from = dateOf(this.clock);
    from.setUTCDate(1);
    from.setUTCHours(0, 0, 0, 0);
    from.setUTCMonth(from.getUTCMonth() - (months - 1));
    const rows = await this.db
      .select({ month: sql<string>`to_char(${bookings.datetime} at time zone 'UTC', 'YYYY-MM')`, n: count() })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(and(eq(rides.captainId, id), sql`${bookings.datetime} >= ${from.toISOString()}`))
      .groupBy(sql`1`);
    const byMonth = new Map(rows.map((r) => [r.month, r.n]));
    const out: MonthlyBookingsDto[] = [];
    for (let i = 0; i < months; i++) {
      const d = new Date(from);
      d.setUTCMonth(from.getUTCMonth() + i);
      const key = d.toISOString().slice(0, 7);
      out.push({ month: key, bookings: byMonth.get(key) ?? 0 });
    }
    return out;
  }

  async cashRegisterExists(ids: number[]): Promise<boolean> {
    if (ids.length === 0) return false;
    const rows = await this.db
      .select({ id: cashRegisters.id })
      .from(cashRegisters)
      .where(inArray(cashRegisters.id, ids));
    return rows.length === ids.length;
  }
}
