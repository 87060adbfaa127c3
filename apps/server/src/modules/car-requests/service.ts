import {
  CAR_REQUEST_MSG,
  type CarRequestCarDto,
  type CarRequestData,
  type CarRequestDto,
  type CarRequestStatus,
  type Paginated,
  PEOPLE_MSG,
} from '@taxi/shared';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { auditLog, captains, carBrands, carModels, carRequests, cars, colors, users } from '../../db/schema';
import { conflict, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import type { CaptainInboxService } from '../broadcasts/inbox';

export interface CarRequestDeps {
  db: Db;
  clock: Clock;
  inbox: CaptainInboxService;
}

type RequestRow = typeof carRequests.$inferSelect;

/** Pending requests first, then the newest. */
const PENDING_FIRST = sql`(${carRequests.status} = 'pending') desc`;

/**
 * Captains' car requests: filed by the captain's app, approved (the car created or changed in the same
 * transaction, audited, the captain told in their inbox) or refused with a reason (told as well).
 */
export class CarRequestService {
  constructor(private readonly deps: CarRequestDeps) {}

  private now(): Date {
    return dateOf(this.deps.clock);
  }

  /** The captain's app files a request (the simulator and the development loopback call this). */
  async file(captainId: number, input: CarRequestData): Promise<CarRequestDto> {
    const id = await this.deps.db.transaction(async (tx) => {
      const [captain] = await tx.select({ id: captains.id }).from(captains).where(eq(captains.id, captainId));
      if (!captain) throw validationError('captain_id', CAR_REQUEST_MSG.unknownCaptain);
      const nextYear = new Date(this.now()).getUTCFullYear() + 1;
      if (input.year > nextYear) throw validationError('year', CAR_REQUEST_MSG.invalidYear);
      await checkRefs(tx, input.car_model_id, input.color_id);
      if (input.kind === 'change') {
        const [car] = await tx
          .select({ captainId: cars.captainId })
          .from(cars)
          .where(eq(cars.id, input.car_id as number));
        if (car?.captainId !== captainId) throw validationError('car_id', CAR_REQUEST_MSG.notTheirCar);
      }
      const [row] = await tx
        .insert(carRequests)
        .values({
          captainId,
          kind: input.kind,
          carId: input.kind === 'change' ? (input.car_id ?? null) : null,
          carModelId: input.car_model_id,
          colorId: input.color_id,
          number: input.number,
          year: input.year,
          createdAt: this.now(),
        })
        .returning({ id: carRequests.id });
      return row.id;
    });
    return this.get(id);
  }

  /** GET car_requests: pending first, newest first; by status when asked. */
  list(
    paging: { page: number; perPage: number; url?: string },
    status?: CarRequestStatus,
  ): Promise<Paginated<CarRequestDto>> {
    const { db } = this.deps;
    const where = status ? eq(carRequests.status, status) : undefined;
    return paginate(
      {
        count: async () => (await db.select({ n: sql<number>`count(*)::int` }).from(carRequests).where(where))[0].n,
        rows: async (limit, offset) => {
          const rows = await db
            .select()
            .from(carRequests)
            .where(where)
            .orderBy(PENDING_FIRST, desc(carRequests.createdAt), desc(carRequests.id))
            .limit(limit)
            .offset(offset);
          return this.present(db, rows);
        },
      },
      paging,
    );
  }

  async get(id: number, db: DbOrTx = this.deps.db): Promise<CarRequestDto> {
    const [row] = await db.select().from(carRequests).where(eq(carRequests.id, id));
    if (!row) throw notFound();
    const [dto] = await this.present(db, [row]);
    return dto;
  }

  private async lockPending(tx: Tx, id: number): Promise<RequestRow> {
    const [row] = await tx.select().from(carRequests).where(eq(carRequests.id, id)).for('update');
    if (!row) throw notFound();
    if (row.status !== 'pending') throw conflict(CAR_REQUEST_MSG.notPending);
    return row;
  }

  /**
   * PUT car_requests/{id}/approve: in one transaction the car is created (add) or changed (change: the
   * captain's car still), the request decided, the audit written and the captain's inbox told. 409 when
   * it was already decided.
   */
  async approve(id: number, actorId: number): Promise<CarRequestDto> {
    await this.deps.db.transaction(async (tx) => {
      const request = await this.lockPending(tx, id);
      const now = this.now();
      await checkRefs(tx, request.carModelId, request.colorId);
      const values = {
        number: request.number,
        carModelId: request.carModelId,
        colorId: request.colorId,
        year: request.year,
      };
      let carId: number;
      let before: Record<string, unknown> | null = null;
      if (request.kind === 'change') {
        const [car] = await tx
          .select()
          .from(cars)
          .where(eq(cars.id, request.carId ?? 0))
          .for('update');
        if (car?.captainId !== request.captainId) throw conflict(CAR_REQUEST_MSG.notTheirCar);
        before = { number: car.number, car_model_id: car.carModelId, color_id: car.colorId, year: car.year };
        await tx.update(cars).set(values).where(eq(cars.id, car.id));
        carId = car.id;
      } else {
        const [car] = await tx
          .insert(cars)
          .values({ ...values, captainId: request.captainId, createdAt: now })
          .returning({ id: cars.id });
        carId = car.id;
      }
      await tx
        .update(carRequests)
        .set({ status: 'approved', decidedBy: actorId, decidedAt: now, resultCarId: carId })
        .where(eq(carRequests.id, id));
      await tx.insert(auditLog).values([
        {
          actorId,
          action: request.kind === 'add' ? 'car.create' : 'car.update',
          entity: 'car',
          entityId: String(carId),
          before,
          after: { ...values, captain_id: request.captainId, car_request_id: id },
        },
        {
          actorId,
          action: 'car_request.approve',
          entity: 'car_request',
          entityId: String(id),
          after: { car_id: carId },
        },
      ]);
      await this.tell(tx, request, CAR_REQUEST_MSG.approvedNotice, now);
    });
    return this.get(id);
  }

  /** PUT car_requests/{id}/refuse: decided with the reason, audited, the captain told. 409 when already decided. */
  async refuse(id: number, reason: string, actorId: number): Promise<CarRequestDto> {
    await this.deps.db.transaction(async (tx) => {
      const request = await this.lockPending(tx, id);
      const now = this.now();
      await tx
        .update(carRequests)
        .set({ status: 'refused', reason, decidedBy: actorId, decidedAt: now })
        .where(eq(carRequests.id, id));
      await tx.insert(auditLog).values({
        actorId,
        action: 'car_request.refuse',
        entity: 'car_request',
        entityId: String(id),
        after: { reason },
      });
      await this.tell(tx, request, `${CAR_REQUEST_MSG.refusedNotice}\n${reason}`, now);
    });
    return this.get(id);
  }

  /** The captain's app inbox: one message per request (its decision). */
  private async tell(tx: Tx, request: RequestRow, body: string, now: Date) {
    await this.deps.inbox.deliverEach(
      [{ captainId: request.captainId, body }],
      { kind: 'car_request', sourceId: request.id },
      tx,
      now,
    );
  }

  private async present(db: DbOrTx, rows: RequestRow[]): Promise<CarRequestDto[]> {
    if (rows.length === 0) return [];
    const captainIds = [...new Set(rows.map((r) => r.captainId))];
    const deciderIds = [...new Set(rows.flatMap((r) => (r.decidedBy === null ? [] : [r.decidedBy])))];
    const [people, deciders, newest] = await Promise.all([
      db
        .select({ id: captains.id, first: captains.firstName, last: captains.lastName, phone: captains.phoneNumber })
        .from(captains)
        .where(inArray(captains.id, captainIds)),
      deciderIds.length === 0
        ? []
        : db
            .select({ id: users.id, first: users.firstName, last: users.lastName })
            .from(users)
            .where(inArray(users.id, deciderIds)),
      // Each captain's newest car: what an "add" request stands beside.
      db
        .selectDistinctOn([cars.captainId], { captainId: cars.captainId, id: cars.id })
        .from(cars)
        .where(inArray(cars.captainId, captainIds))
        .orderBy(cars.captainId, desc(cars.id)),
    ]);
    const currentIds = rows.map((r) =>
      r.kind === 'change' ? r.carId : newest.find((n) => n.captainId === r.captainId)?.id,
    );
    const carIds = [...new Set(currentIds.filter((c): c is number => typeof c === 'number'))];
    const currentCars = await carsByIds(db, carIds);
    const [modelRefs, colorRefs] = await Promise.all([
      modelsByIds(db, [...new Set(rows.map((r) => r.carModelId))]),
      colorsByIds(db, [...new Set(rows.map((r) => r.colorId))]),
    ]);
    return rows.map((r, i) => {
      const captain = people.find((p) => p.id === r.captainId);
      const decider = deciders.find((d) => d.id === r.decidedBy);
      const model = modelRefs.get(r.carModelId);
      const currentId = currentIds[i];
      return {
        id: r.id,
        kind: r.kind,
        status: r.status,
        captain: {
          id: r.captainId,
          full_name: captain ? `${captain.first} ${captain.last}`.trim() : '',
          phone_number: captain?.phone ?? null,
        },
        requested: {
          id: null,
          number: r.number,
          brand: model?.brand ?? null,
          model: model ? { id: model.id, name: model.name } : null,
          color: colorRefs.get(r.colorId) ?? null,
          year: r.year,
        },
        // Once approved, the car as it was is gone (changed): the audit keeps it.
        current: r.status === 'pending' && typeof currentId === 'number' ? (currentCars.get(currentId) ?? null) : null,
        photos: r.photos,
        reason: r.reason,
        decided_by: decider ? `${decider.first} ${decider.last ?? ''}`.trim() : null,
        decided_at: r.decidedAt?.toISOString() ?? null,
        car_id: r.resultCarId,
        created_at: r.createdAt.toISOString(),
      };
    });
  }
}

async function checkRefs(tx: DbOrTx, modelId: number, colorId: number) {
  const [model] = await tx.select({ id: carModels.id }).from(carModels).where(eq(carModels.id, modelId));
  if (!model) throw validationError('car_model_id', PEOPLE_MSG.unknownCarModel);
  const [color] = await tx.select({ id: colors.id }).from(colors).where(eq(colors.id, colorId));
  if (!color) throw validationError('color_id', PEOPLE_MSG.unknownColor);
}

async function modelsByIds(db: DbOrTx, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: carModels.id, name: carModels.name, brandId: carBrands.id, brandName: carBrands.name })
          .from(carModels)
          .leftJoin(carBrands, eq(carBrands.id, carModels.carBrandId))
          .where(inArray(carModels.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, brand: r.brandId === null ? null : { id: r.brandId, name: r.brandName ?? '' } },
    ]),
  );
}

async function colorsByIds(db: DbOrTx, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: colors.id, name: colors.name, hex: colors.hex })
          .from(colors)
          .where(inArray(colors.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function carsByIds(db: DbOrTx, ids: number[]): Promise<Map<number, CarRequestCarDto>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(cars).where(inArray(cars.id, ids));
  const [models, colorMap] = await Promise.all([
    modelsByIds(db, [...new Set(rows.flatMap((r) => (r.carModelId === null ? [] : [r.carModelId])))]),
    colorsByIds(db, [...new Set(rows.flatMap((r) => (r.colorId === null ? [] : [r.colorId])))]),
  ]);
  return new Map(
    rows.map((r) => {
      const model = r.carModelId === null ? undefined : models.get(r.carModelId);
      return [
        r.id,
        {
          id: r.id,
          number: r.number,
          brand: model?.brand ?? null,
          model: model ? { id: model.id, name: model.name } : null,
          color: r.colorId === null ? null : (colorMap.get(r.colorId) ?? null),
          year: r.year,
        },
      ];
    }),
  );
}
