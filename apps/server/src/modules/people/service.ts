import {
  type AccountEntryDto,
  type AccountEntryType,
  type CaptainBookingRow,
  type CaptainCarDto,
  type CaptainDto,
  type CaptainSearchItem,
  type CreateCaptainInput,
  type CreateCarInput,
  EVENTS,
  isUnderAgeReason,
  type MonthlyBookingsDto,
  type NewPassengerPayload,
  type PassengerDto,
  PEOPLE_MSG,
} from '@taxi/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  accountEntries,
  auditLog,
  bookings,
  captains,
  carBrands,
  carModels,
  cars,
  cashRegisters,
  colors,
  passengers,
  rides,
} from '../../db/schema';
import { HttpError, notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { paginate } from '../../http/pagination';
import type { Realtime } from '../../realtime';
import type { FileService } from '../files/service';
import {
  type CaptainFilters,
  captainOrder,
  captainSearch,
  captainWhere,
  type PassengerFilters,
  passengerOrder,
  passengerWhere,
} from './queries';

type PassengerRow = typeof passengers.$inferSelect;
type CaptainRow = typeof captains.$inferSelect;
type PageOpts = { page: number; perPage: number; url?: string; sortBy?: string; descending?: boolean };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentPassenger(row: PassengerRow): PassengerDto {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    username: row.username,
    email: row.email,
    whatsapp_number: row.whatsappNumber,
    phone_number: row.phoneNumber,
    created_at: row.createdAt.toISOString(),
    id_card_front: row.idCardFront,
    id_card_back: row.idCardBack,
    profile_image: row.profileImage,
    approved_at: iso(row.approvedAt),
    rejected_count: row.rejectedCount,
    can_use_vip: row.canUseVip,
    active_loyalty_classes: row.activeLoyaltyClasses.map((name) => ({ name })),
    active: row.active,
    registered: row.registered,
    can_be_approved: !row.approvalBlocked,
  };
}

export function presentCaptain(row: CaptainRow, cashRegister?: { id: number; name: string } | null): CaptainDto {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    username: row.username,
    whatsapp_number: row.whatsappNumber,
    phone_number: row.phoneNumber,
    email: row.email,
    profile_image: row.profileImage,
    conversation_id: row.conversationId,
    active: row.active,
    registered: row.registered,
    activated_at: iso(row.activatedAt),
    cash_register: cashRegister ?? null,
    blocked_until: iso(row.blockedUntil),
    block_reason: row.blockReason,
    online: row.online,
    created_at: row.createdAt.toISOString(),
  };
}

const newPassengerPayload = (p: PassengerDto): NewPassengerPayload => ({
  passenger: {
    id: p.id,
    full_name: p.full_name,
    first_name: p.first_name,
    last_name: p.last_name,
    whatsapp_number: p.whatsapp_number,
    phone_number: p.phone_number,
    id_card_front: p.id_card_front,
    id_card_back: p.id_card_back,
  },
});

export interface PassengerUpdate {
  first_name: string;
  last_name: string;
  whatsapp_number: string;
  id_card_front?: UploadedFile;
  id_card_back?: UploadedFile;
}

/** What the passenger app (or the simulator playing it) sends when a passenger signs up or uploads docs. */
export interface PassengerRegistration {
  passengerId?: number;
  first_name: string;
  last_name: string;
  phone_number: string;
  email?: string | null;
  whatsapp_number?: string | null;
  id_card_front?: UploadedFile;
  id_card_back?: UploadedFile;
}

export class PeopleService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly files: FileService,
  ) {}

  private audit(tx: DbOrTx, actorId: number | null, action: string, entity: string, id: number, after?: unknown) {
    return tx.insert(auditLog).values({ actorId, action, entity, entityId: String(id), after: after ?? null });
  }

  // passengers ---------------------------------------------------------------------------------------

  listPassengers(filters: PassengerFilters, opts: PageOpts) {
    const where = passengerWhere(filters);
    return paginate(
      {
        count: async () => (await this.db.select({ n: count() }).from(passengers).where(where))[0].n,
        rows: async (limit, offset) =>
          (
            await this.db
              .select()
              .from(passengers)
              .where(where)
              .orderBy(...passengerOrder(opts.sortBy, opts.descending ?? false))
              .limit(limit)
              .offset(offset)
          ).map(presentPassenger),
      },
      opts,
    );
  }

  private async passengerRow(db: DbOrTx, id: number, lock = false): Promise<PassengerRow> {
    const q = db.select().from(passengers).where(eq(passengers.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound();
    return row;
  }

  async getPassenger(id: number): Promise<PassengerDto> {
    return presentPassenger(await this.passengerRow(this.db, id));
  }

  /** Step 1 of the confirmation wizard. Files are checked by content before anything is written. */
  async updatePassenger(actorId: number, id: number, input: PassengerUpdate): Promise<PassengerDto> {
    const current = await this.passengerRow(this.db, id);
    const errors: Record<string, string[]> = {};
    if (!input.id_card_front && !current.idCardFront) errors.id_card_front = [PEOPLE_MSG.fileRequired];
    if (!input.id_card_back && !current.idCardBack) errors.id_card_back = [PEOPLE_MSG.fileRequired];
    if (Object.keys(errors).length > 0) throw new HttpError(422, PEOPLE_MSG.fileRequired, errors);
    const stored: string[] = [];
    try {
      // Both images are checked (dimensions) and re-encoded (metadata stripped) before either is stored.
      const { id_card_front: front, id_card_back: back } = await this.files.storeImages({
        id_card_front: input.id_card_front,
        id_card_back: input.id_card_back,
      });
      if (front) stored.push(front);
      if (back) stored.push(back);
      const { row, replaced } = await this.db.transaction(async (tx) => {
        const before = await this.passengerRow(tx, id, true);
        const [row] = await tx
          .update(passengers)
          .set({
            firstName: input.first_name,
            lastName: input.last_name,
            whatsappNumber: input.whatsapp_number,
            ...(front ? { idCardFront: front } : {}),
            ...(back ? { idCardBack: back } : {}),
            updatedAt: new Date(),
          })
          .where(eq(passengers.id, id))
          .returning();
        await this.audit(tx, actorId, 'passenger.update', 'passenger', id, {
          first_name: input.first_name,
          last_name: input.last_name,
          whatsapp_number: input.whatsapp_number,
          id_card_front: Boolean(front),
          id_card_back: Boolean(back),
        });
        const replaced = [front ? before.idCardFront : null, back ? before.idCardBack : null];
        return { row, replaced: replaced.filter((n): n is string => Boolean(n)) };
      });
      for (const name of replaced) await this.files.storage.remove(name);
      return presentPassenger(row);
    } catch (error) {
      for (const name of stored) await this.files.storage.remove(name);
      throw error;
    }
  }

  /** Rejects the uploaded documents with one of the fixed reasons (people.md §5). */
  async removeDocuments(actorId: number, id: number, message: string, noApproval: boolean): Promise<PassengerDto> {
    const blocked = noApproval || isUnderAgeReason(message);
    const { row, removed } = await this.db.transaction(async (tx) => {
      const before = await this.passengerRow(tx, id, true);
      const [row] = await tx
        .update(passengers)
        .set({
          idCardFront: null,
          idCardBack: null,
          approvedAt: null,
          rejectedCount: sql`${passengers.rejectedCount} + 1`,
          approvalBlocked: blocked ? true : before.approvalBlocked,
          documentsRemovedAt: new Date(),
          documentsRemovalReason: message,
          updatedAt: new Date(),
        })
        .where(eq(passengers.id, id))
        .returning();
      await this.audit(tx, actorId, 'passenger.remove_documents', 'passenger', id, { message, no_approval: blocked });
      return { row, removed: [before.idCardFront, before.idCardBack].filter((n): n is string => Boolean(n)) };
    });
    for (const name of removed) await this.files.storage.remove(name);
    return presentPassenger(row);
  }

  /** Approves and activates (people.md §4). Refused after an under-age removal. */
  async activatePassenger(actorId: number, id: number): Promise<PassengerDto> {
    return this.db.transaction(async (tx) => {
      const before = await this.passengerRow(tx, id, true);
      if (before.approvalBlocked) throw new HttpError(422, PEOPLE_MSG.passengerNotApprovable);
      const [row] = await tx
        .update(passengers)
        .set({ approvedAt: new Date(), active: true, updatedAt: new Date() })
        .where(eq(passengers.id, id))
        .returning();
      await this.audit(tx, actorId, 'passenger.activate', 'passenger', id);
      return presentPassenger(row);
    });
  }

  async passengerAccountEntries(id: number, type: AccountEntryType | undefined, opts: PageOpts) {
    await this.passengerRow(this.db, id);
    const where = and(eq(accountEntries.passengerId, id), type ? eq(accountEntries.type, type) : undefined);
    return paginate(
      {
        count: async () => (await this.db.select({ n: count() }).from(accountEntries).where(where))[0].n,
        rows: async (limit, offset) =>
          (
            await this.db
              .select()
              .from(accountEntries)
              .where(where)
              .orderBy(desc(accountEntries.createdAt), desc(accountEntries.id))
              .limit(limit)
              .offset(offset)
          ).map(
            (r): AccountEntryDto => ({
              id: r.id,
              type: r.type as AccountEntryType,
              amount: r.amount,
              booking_id: r.bookingId,
              created_at: r.createdAt.toISOString(),
            }),
          ),
      },
      opts,
    );
  }

  /**
   * A passenger signs up or uploads ID documents from the app (the simulator calls this). Emits
   * `Dashboard:new_passenger` after commit when the passenger has an ID card image.
   */
  async registerPassenger(input: PassengerRegistration): Promise<PassengerDto> {
    const { id_card_front: front, id_card_back: back } = await this.files.storeImages({
      id_card_front: input.id_card_front,
      id_card_back: input.id_card_back,
    });
    const row = await this.db.transaction(async (tx) => {
      const values = {
        firstName: input.first_name,
        lastName: input.last_name,
        phoneNumber: input.phone_number,
        email: input.email ?? null,
        whatsappNumber: input.whatsapp_number ?? input.phone_number,
        ...(front ? { idCardFront: front } : {}),
        ...(back ? { idCardBack: back } : {}),
        updatedAt: new Date(),
      };
      const [row] = input.passengerId
        ? await tx.update(passengers).set(values).where(eq(passengers.id, input.passengerId)).returning()
        : await tx
            .insert(passengers)
            .values({ ...values, registered: true })
            .returning();
      if (!row) throw notFound();
      await this.audit(
        tx,
        null,
        input.passengerId ? 'passenger.app_update' : 'passenger.register',
        'passenger',
        row.id,
      );
      return row;
    });
    const dto = presentPassenger(row);
    if (dto.id_card_front || dto.id_card_back) this.realtime.emitToUsers(EVENTS.newPassenger, newPassengerPayload(dto));
    return dto;
  }

  // captains -----------------------------------------------------------------------------------------

  listCaptains(filters: CaptainFilters, opts: PageOpts) {
    const where = captainWhere(filters);
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

  private async captainRow(db: DbOrTx, id: number, lock = false): Promise<CaptainRow> {
    const q = db.select().from(captains).where(eq(captains.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound();
    return row;
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
      await this.audit(tx, actorId, 'captain.create', 'captain', row.id, { username: input.username });
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
      const [car] = await tx
        .insert(cars)
        .values({
          captainId,
          number: input.number.toUpperCase(),
          colorId: input.color_id,
          carModelId: input.car_model_id,
          vehicleType: input.vehicle_type,
          seats: input.seats,
        })
        .returning({ id: cars.id });
      await this.audit(tx, actorId, 'car.create', 'car', car.id, { captain_id: captainId, number: input.number });
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
        .set({ active: true, activatedAt: new Date(), cashRegisterId, updatedAt: new Date() })
        .where(eq(captains.id, id))
        .returning();
      await this.audit(tx, actorId, 'captain.activate', 'captain', id, { cash_register_id: cashRegisterId });
      return presentCaptain(row, { id: cr.id, name: cr.name });
    });
  }

  async blockCaptain(actorId: number, id: number, until: Date, reason: string): Promise<CaptainDto> {
    if (until.getTime() <= Date.now()) throw validationError('until', PEOPLE_MSG.blockUntilInPast);
    return this.db.transaction(async (tx) => {
      await this.captainRow(tx, id, true);
      const [row] = await tx
        .update(captains)
        .set({ blockedUntil: until, blockReason: reason, blockedAt: new Date(), updatedAt: new Date() })
        .where(eq(captains.id, id))
        .returning();
      await this.audit(tx, actorId, 'captain.block', 'captain', id, { until: until.toISOString(), reason });
      return presentCaptain(row);
    });
  }

  async unblockCaptain(actorId: number, id: number): Promise<CaptainDto> {
    return this.db.transaction(async (tx) => {
      await this.captainRow(tx, id, true);
      const [row] = await tx
        .update(captains)
        .set({ blockedUntil: null, blockReason: null, blockedAt: null, updatedAt: new Date() })
        .where(eq(captains.id, id))
        .returning();
      await this.audit(tx, actorId, 'captain.unblock', 'captain', id);
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
    const from = new Date();
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
