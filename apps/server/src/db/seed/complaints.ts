import { type ComplaintStatus, DEMO_DATA } from '@taxi/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  auditLog,
  bookings,
  captains,
  complaintCategories,
  complaintComments,
  complaints,
  passengers,
  rides,
  users,
} from '../schema';
import type { Seeder } from './index';

export const DEMO_COMPLAINT_CATEGORIES = DEMO_DATA.complaintCategories;

/** What passengers and the desk write (category, description). */
const [behaviour, late, condition, route, price, lost] = DEMO_COMPLAINT_CATEGORIES;
const DEMO_COMPLAINTS: readonly (readonly [string, string])[] = [
  [behaviour, 'The captain was rude and refused to help with the luggage.'],
  [condition, 'The car was dirty and smelled of smoke.'],
  [route, 'The captain took a long detour through the tunnel.'],
  [price, 'Charged more than the estimate shown in the app.'],
  [late, 'The captain arrived 20 minutes late without calling.'],
  [behaviour, 'The captain was on the phone for the whole ride.'],
  [lost, 'Left a black umbrella on the back seat.'],
  [condition, 'The air conditioning did not work.'],
];
const STATUSES: readonly ComplaintStatus[] = ['Not Treated', 'Not Treated', 'Partially Treated', 'Treated'];
const MIN = 60_000;

/**
 * Complaint categories (every scale), and at scale > 0 a log to work: complaints on finished bookings,
 * against captains and passengers without a booking (captain and passenger 1 each have one), some
 * treated by the Goverment user (status history in the audit log) with its comments.
 */
export const seedComplaints: Seeder = {
  name: 'complaints',
  async run(db: DbOrTx, { log, scale }) {
    await db
      .insert(complaintCategories)
      .values(DEMO_COMPLAINT_CATEGORIES.map((name) => ({ name })))
      .onConflictDoNothing({ target: complaintCategories.name });
    if (scale <= 0) return;
    const categories = new Map((await db.select().from(complaintCategories)).map((c) => [c.name, c.id] as const));
    const staff = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null;
    // One after the other: the seeder's transaction is one connection.
    const desk = await staff('callcenter@example.com');
    const gov = await staff('gov@example.com');
    const done = await db
      .select({ id: bookings.id, captainId: rides.captainId })
      .from(bookings)
      .innerJoin(rides, eq(rides.id, bookings.rideId))
      .where(and(eq(bookings.status, 'DONE'), isNotNull(rides.captainId)))
      .orderBy(asc(bookings.id))
      .limit(Math.max(8, Math.round(24 * scale)));
    const [captain] = await db.select({ id: captains.id }).from(captains).orderBy(asc(captains.id)).limit(1);
    const [passenger] = await db.select({ id: passengers.id }).from(passengers).orderBy(asc(passengers.id)).limit(1);

    type Subject = { bookingId: number | null; captainId: number | null; passengerId: number | null };
    const subjects: Subject[] = [
      ...(captain ? [{ bookingId: null, captainId: captain.id, passengerId: null }] : []),
      ...(passenger ? [{ bookingId: null, captainId: null, passengerId: passenger.id }] : []),
      ...done.map((b) => ({ bookingId: b.id, captainId: b.captainId, passengerId: null })),
    ];
    const now = Date.now();
    let n = 0;
    for (const [i, subject] of subjects.entries()) {
      const [category, description] = DEMO_COMPLAINTS[i % DEMO_COMPLAINTS.length];
      const status = STATUSES[i % STATUSES.length];
      const createdAt = new Date(now - (subjects.length - i) * 197 * MIN);
      // Every third complaint came from the passenger app: no doer.
      const doer = i % 3 === 2 ? null : desk;
      const [row] = await db
        .insert(complaints)
        .values({
          ...subject,
          entityId: subject.bookingId ?? subject.captainId ?? subject.passengerId,
          description,
          categoryId: categories.get(category) ?? null,
          doer,
          status,
          createdAt,
        })
        .returning({ id: complaints.id });
      await db.insert(auditLog).values({
        actorId: doer,
        action: 'complaint.create',
        entity: 'complaint',
        entityId: String(row.id),
        after: { booking_id: subject.bookingId, description },
        createdAt,
      });
      if (status !== 'Not Treated' && gov) {
        const at = new Date(createdAt.getTime() + 90 * MIN);
        await db.insert(complaintComments).values({
          complaintId: row.id,
          doer: gov,
          comment: 'Called the passenger; the captain has been reminded of the rules.',
          createdAt: at,
        });
        await db.insert(auditLog).values({
          actorId: gov,
          action: 'complaint.status',
          entity: 'complaint',
          entityId: String(row.id),
          before: { status: 'Not Treated' },
          after: { status },
          createdAt: at,
        });
      }
      n++;
    }
    log(`seeded ${n} complaints`);
  },
};
