import { EVENTS, isUnderAgeReason, type PassengerDto, type PassengerSortKey, PEOPLE_MSG } from '@taxi/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { passengers } from '../../db/schema';
import { rowById, tablePage } from '../../db/table-page';
import type { AppBus } from '../../events';
import { HttpError, notFound } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import type { Realtime } from '../../realtime';
import type { FileService } from '../files/service';
import { assertNotClaimedByOther, endClaim } from './approvals';
import { type PassengerFilters, passengerOrder, passengerWhere } from './queries';

import {
  auditPerson,
  newPassengerPayload,
  type PageOpts,
  type PassengerRegistration,
  type PassengerRow,
  type PassengerUpdate,
  presentPassenger,
} from './rows';

/** Passengers as the console manages them: the list, the confirmation wizard, documents, accounts, sign-up. */
export class PassengerService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly files: FileService,
    private readonly clock: Clock,
    /** Domain events (notifications); absent in tools that build the service alone. */
    private readonly bus?: AppBus,
  ) {}

  listPassengers(filters: PassengerFilters, opts: PageOpts & { sortBy?: PassengerSortKey }) {
    const where = passengerWhere(filters);
    const order = passengerOrder(opts.sortBy, opts.descending ?? false);
    return tablePage(this.db, passengers, where, order, presentPassenger, opts);
  }

  private passengerRow(db: DbOrTx, id: number, lock = false): Promise<PassengerRow> {
    return rowById(db, passengers, id, lock);
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
        // Another operator confirming this passenger holds the wizard (the approval queue's claim).
        await assertNotClaimedByOther(tx, id, actorId, dateOf(this.clock));
        const [row] = await tx
          .update(passengers)
          .set({
            firstName: input.first_name,
            lastName: input.last_name,
            whatsappNumber: input.whatsapp_number,
            ...(front ? { idCardFront: front } : {}),
            ...(back ? { idCardBack: back } : {}),
            updatedAt: dateOf(this.clock),
          })
          .where(eq(passengers.id, id))
          .returning();
        await auditPerson(tx, actorId, 'passenger.update', 'passenger', id, {
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
      await assertNotClaimedByOther(tx, id, actorId, dateOf(this.clock));
      // A decision: the passenger leaves the approval queue, and its claim with it.
      await endClaim(tx, id);
      const [row] = await tx
        .update(passengers)
        .set({
          idCardFront: null,
          idCardBack: null,
          approvedAt: null,
          rejectedCount: sql`${passengers.rejectedCount} + 1`,
          approvalBlocked: blocked ? true : before.approvalBlocked,
          documentsRemovedAt: dateOf(this.clock),
          documentsRemovalReason: message,
          updatedAt: dateOf(this.clock),
        })
        .where(eq(passengers.id, id))
        .returning();
      await auditPerson(tx, actorId, 'passenger.remove_documents', 'passenger', id, { message, no_approval: blocked });
      return { row, removed: [before.idCardFront, before.idCardBack].filter((n): n is string => Boolean(n)) };
    });
    for (const name of removed) await this.files.storage.remove(name);
    await this.approvalChanged(id);
    return presentPassenger(row);
  }

  private approvalChanged(passengerId: number) {
    return this.bus?.publish([{ name: 'passenger.approvalChanged', payload: { passengerId } }]);
  }

  /** Approves and activates (people.md §4). Refused after an under-age removal. */
  async activatePassenger(actorId: number, id: number): Promise<PassengerDto> {
    const dto = await this.db.transaction(async (tx) => {
      const before = await this.passengerRow(tx, id, true);
      if (before.approvalBlocked) throw new HttpError(422, PEOPLE_MSG.passengerNotApprovable);
      await assertNotClaimedByOther(tx, id, actorId, dateOf(this.clock));
      await endClaim(tx, id);
      const [row] = await tx
        .update(passengers)
        .set({ approvedAt: dateOf(this.clock), active: true, updatedAt: dateOf(this.clock) })
        .where(eq(passengers.id, id))
        .returning();
      await auditPerson(tx, actorId, 'passenger.activate', 'passenger', id);
      return presentPassenger(row);
    });
    await this.approvalChanged(id);
    return dto;
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
        updatedAt: dateOf(this.clock),
      };
      const [row] = input.passengerId
        ? await tx.update(passengers).set(values).where(eq(passengers.id, input.passengerId)).returning()
        : await tx
            .insert(passengers)
            .values({ ...values, registered: true })
            .returning();
      if (!row) throw notFound();
      await auditPerson(
        tx,
        null,
        input.passengerId ? 'passenger.app_update' : 'passenger.register',
        'passenger',
        row.id,
      );
      return row;
    });
    const dto = presentPassenger(row);
    const withDocs = !!(dto.id_card_front || dto.id_card_back);
    // A passenger with ID card images joins the approval queue (every console's badge and page).
    if (withDocs) this.realtime.emit(EVENTS.newPassenger, newPassengerPayload(dto));
    if (!input.passengerId)
      await this.bus?.publish([
        {
          name: 'passenger.registered',
          payload: { passengerId: row.id, name: `${dto.first_name} ${dto.last_name}`.trim(), withDocs },
        },
      ]);
    return dto;
  }
}
