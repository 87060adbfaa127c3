// Dispatch and live captain tracking: states, realtime payloads, the booking constraint language and the
// explainable score of a candidate. Server (to enforce and compute) and web (to show) import it.
import type { z } from 'zod';
import { BOOKING_MSG } from './booking-messages';
import { APPEARANCE_CONSTRAINTS, type BookingConstraint, type BookingStatus } from './bookings';
import type {
  candidateRankingSchema,
  candidateScoreSchema,
  captainLocationSchema,
  rideRouteSchema,
  scorePartsSchema,
  trackedCaptainSchema,
} from './contract/tracking';
import { texts } from './i18n';

/** A captain's live state on the tracking map. */
export const CAPTAIN_LIVE_STATES = ['OFFLINE', 'FREE', 'OFFERED', 'TO_PICKUP', 'AT_PICKUP', 'ON_TRIP'] as const;
export type CaptainLiveState = (typeof CAPTAIN_LIVE_STATES)[number];

/** Marker colours of the live states (tracking map, legends). */
export const CAPTAIN_STATE_COLORS: Record<CaptainLiveState, string> = {
  OFFLINE: '#9e9e9e',
  FREE: '#2e7d32',
  OFFERED: '#f9a825',
  TO_PICKUP: '#1565c0',
  AT_PICKUP: '#6a1b9a',
  ON_TRIP: '#c62828',
};

/** The live state a captain's current booking gives (a captain without one is FREE when online). */
export const STATE_OF_BOOKING_STATUS: Partial<Record<BookingStatus, CaptainLiveState>> = {
  APPROVED: 'TO_PICKUP',
  ACCEPTED: 'TO_PICKUP',
  STARTED: 'TO_PICKUP',
  ARRIVED: 'AT_PICKUP',
  PICKED_UP: 'ON_TRIP',
};
/** Booking statuses that keep a captain busy (not a candidate for another booking). */
export const BUSY_BOOKING_STATUSES = Object.keys(STATE_OF_BOOKING_STATUS) as BookingStatus[];

/*
 * One captain, one ride: the rule of "may this captain take a booking now?", whoever dispatches — the
 * operator's manual dispatch (which enforces it under a lock on the captain's row) and the AI's candidate
 * search (which adds its own filters on top: online, service and car fit, the booking's constraints).
 */

/** What the rule needs to know about a captain, the booking being dispatched left out. */
export interface CaptainAvailabilityFacts {
  active: boolean;
  blocked_until: Date | null;
  has_car: boolean;
  /** Another booking of theirs is in one of BUSY_BOOKING_STATUSES (an active ride). */
  on_ride: boolean;
  /** Another PENDING booking is offered to them (or held for them after they accepted) until a later time. */
  offered: boolean;
}

/** Why a captain may not take a booking now (in the order the rule checks them). */
export const UNAVAILABILITY_REASONS = ['inactive', 'blocked', 'on_ride', 'offered', 'no_car'] as const;
export type UnavailabilityReason = (typeof UNAVAILABILITY_REASONS)[number];

/** Null when the captain may take a booking now, else the first reason they may not. */
export function captainUnavailability(captain: CaptainAvailabilityFacts, now: Date): UnavailabilityReason | null {
  if (!captain.active) return 'inactive';
  if (captain.blocked_until && captain.blocked_until.getTime() > now.getTime()) return 'blocked';
  if (captain.on_ride) return 'on_ride';
  if (captain.offered) return 'offered';
  if (!captain.has_car) return 'no_car';
  return null;
}

/**
 * The answer to a refused dispatch: the captain's state (inactive, blocked, no car) is a 422; a captain
 * taken by another booking is a 409 conflict, like a booking dispatched by someone else.
 */
export const UNAVAILABILITY_ANSWER: Record<UnavailabilityReason, { status: 409 | 422; message: string }> = texts({
  inactive: { status: 422, message: BOOKING_MSG.captainUnavailable },
  blocked: { status: 422, message: BOOKING_MSG.captainUnavailable },
  no_car: { status: 422, message: BOOKING_MSG.captainUnavailable },
  on_ride: { status: 409, message: BOOKING_MSG.captainBusy },
  offered: { status: 409, message: BOOKING_MSG.captainOffered },
});

/** One position report as the console receives it (`captain_location_updated`). */
export type CaptainLocationPayload = z.infer<typeof captainLocationSchema>;
/**
 * Positions are sent batched (merged by captain, newest wins) a few times per second as one binary buffer of
 * integer columns (encodeLocationBatch): no keys, dates or digits to write and parse on each of the consoles, which
 * all receive every batch, and a buffer the server's Redis adapter copies whole. One entry per captain at the same
 * index of every column; readLocationBatch gives the columns as typed-array views of the buffer.
 */
export interface CaptainLocationBatch {
  /** The earliest report's time (ms since the epoch); `at` holds the others' ms after it. */
  t0: number;
  id: Int32Array;
  /** Longitude and latitude in 1e-7 degrees (about a centimetre): a 7-decimal position comes back exactly. */
  lon: Int32Array;
  lat: Int32Array;
  at: Uint32Array;
  /** Heading in tenths of a degree and speed in tenths of km/h; -1 when unknown. */
  hd: Int16Array;
  sp: Int16Array;
  /** The live state, as its index in CAPTAIN_LIVE_STATES. */
  st: Uint8Array;
}

/**
 * A batch as it travels: one or more segments one after the other, each 16 bytes of header (t0 as a float64, the
 * count as a uint32, 4 bytes of padding), then the columns id, lon, lat, at (4 bytes each), hd, sp (2 bytes each)
 * and st (1 byte): 21 bytes a captain, each column aligned for its typed array, the segment padded to 8 bytes so the
 * next one's columns are aligned too. A server node sends its own captains' segment followed by the other nodes'
 * segments as they sent them (joinLocationBatches), so no node decodes or encodes another node's captains for its
 * sockets. A captain may be in more than one segment (two of another node's batches between two ticks, or a state set
 * on one node and a report on another): the later entry is the newer. Little-endian, as every platform the console runs on.
 */
export type LocationBatchBytes = ArrayBuffer | Uint8Array;

const DEG = 1e7;
const HEADER_BYTES = 16;
export const LOCATION_BATCH_BYTES_PER_CAPTAIN = 21;
const INT16_MAX = 32_767;
/** Tenths in an int16 column: -1 for unknown (any negative reads back as unknown), the largest value beyond it. */
const tenths = (v: number | null) =>
  v == null || !Number.isFinite(v) ? -1 : Math.max(-1, Math.min(INT16_MAX, Math.round(v * 10)));
const fromTenths = (v: number) => (v < 0 ? null : v / 10);

/** A report as the server buffers it before a batch: the payload with its time in ms. */
export type LocationReport = Omit<CaptainLocationPayload, 'at'> & { at: number };

const STATE_CODES = Object.fromEntries(CAPTAIN_LIVE_STATES.map((s, i) => [s, i])) as Record<CaptainLiveState, number>;

/** The columns of `n` captains over a batch's buffer (views, nothing copied). */
function columnsOf(buffer: ArrayBuffer, offset: number, n: number, t0: number): CaptainLocationBatch {
  const at = (k: number) => offset + HEADER_BYTES + k * n;
  return {
    t0,
    id: new Int32Array(buffer, at(0), n),
    lon: new Int32Array(buffer, at(4), n),
    lat: new Int32Array(buffer, at(8), n),
    at: new Uint32Array(buffer, at(12), n),
    hd: new Int16Array(buffer, at(16), n),
    sp: new Int16Array(buffer, at(18), n),
    st: new Uint8Array(buffer, at(20), n),
  };
}

/** A segment's bytes: header and columns, padded to 8. */
const segmentBytes = (n: number) => Math.ceil((HEADER_BYTES + LOCATION_BATCH_BYTES_PER_CAPTAIN * n) / 8) * 8;

/** The batch of these reports as one segment (LocationBatchBytes); one pass, as it runs on every fan-out tick. */
export function encodeLocationBatch(updates: readonly (CaptainLocationPayload | LocationReport)[]): Uint8Array {
  const n = updates.length;
  const times = new Array<number>(n);
  let t0 = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const at = updates[i].at;
    times[i] = typeof at === 'number' ? at : Date.parse(at);
    if (times[i] < t0) t0 = times[i];
  }
  if (n === 0) t0 = 0;
  const buffer = new ArrayBuffer(segmentBytes(n));
  const header = new DataView(buffer);
  header.setFloat64(0, t0, true);
  header.setUint32(8, n, true);
  const batch = columnsOf(buffer, 0, n, t0);
  for (let i = 0; i < n; i++) {
    const u = updates[i];
    batch.id[i] = u.captain_id;
    batch.lon[i] = Math.round(u.lon * DEG);
    batch.lat[i] = Math.round(u.lat * DEG);
    batch.at[i] = times[i] - t0;
    batch.hd[i] = tenths(u.heading);
    batch.sp[i] = tenths(u.speed_kmh);
    batch.st[i] = STATE_CODES[u.state] ?? 0;
  }
  return new Uint8Array(buffer);
}

/**
 * The columns of each segment of a received batch. A browser receives an ArrayBuffer; Node a Buffer, which may sit
 * anywhere in a shared pool: one not aligned for the columns' views is copied first. A segment shorter than its count
 * says, or bytes after the last segment too few for a header, are an error.
 */
export function readLocationBatches(bytes: LocationBatchBytes): CaptainLocationBatch[] {
  let buffer: ArrayBuffer;
  let start = 0;
  if (bytes instanceof ArrayBuffer) buffer = bytes;
  else if (bytes.byteOffset % 8 === 0) {
    buffer = bytes.buffer as ArrayBuffer;
    start = bytes.byteOffset;
  } else buffer = Uint8Array.prototype.slice.call(bytes).buffer as ArrayBuffer;
  const size = bytes.byteLength;
  const segments: CaptainLocationBatch[] = [];
  let offset = 0;
  do {
    if (size - offset < HEADER_BYTES) throw new RangeError('location batch: no header');
    const header = new DataView(buffer, start + offset, HEADER_BYTES);
    const n = header.getUint32(8, true);
    if (size - offset < HEADER_BYTES + LOCATION_BATCH_BYTES_PER_CAPTAIN * n)
      throw new RangeError('location batch: truncated');
    segments.push(columnsOf(buffer, start + offset, n, header.getFloat64(0, true)));
    offset += segmentBytes(n);
  } while (offset < size);
  return segments;
}

/** One batch of several (each whole, as encodeLocationBatch made it or another node sent it): their bytes in order. */
export function joinLocationBatches(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

/** The reports of a batch, one object per captain, segment after segment. */
export function decodeLocationBatch(bytes: LocationBatchBytes): CaptainLocationPayload[] {
  return readLocationBatches(bytes).flatMap((batch) => Array.from(batch.id, (id, i) => locationAt(batch, i, id)));
}

/**
 * Each entry of a batch in the server's units (degrees, ms, tenths undone), without an object per entry: how a server
 * node applies the other nodes' batches to its copy of the fleet's positions.
 */
export function forEachLocation(
  bytes: LocationBatchBytes,
  fn: (
    id: number,
    lon: number,
    lat: number,
    heading: number | null,
    speedKmh: number | null,
    state: CaptainLiveState,
    at: number,
  ) => void,
): void {
  for (const b of readLocationBatches(bytes))
    for (let i = 0; i < b.id.length; i++)
      fn(
        b.id[i],
        b.lon[i] / DEG,
        b.lat[i] / DEG,
        fromTenths(b.hd[i]),
        fromTenths(b.sp[i]),
        CAPTAIN_LIVE_STATES[b.st[i]] ?? 'OFFLINE',
        b.t0 + b.at[i],
      );
}

/** The report at index i of a batch, its time in ms (as the server buffers it). */
export function reportAt(batch: CaptainLocationBatch, i: number, captainId = batch.id[i]): LocationReport {
  return {
    captain_id: captainId,
    lon: batch.lon[i] / DEG,
    lat: batch.lat[i] / DEG,
    heading: fromTenths(batch.hd[i]),
    speed_kmh: fromTenths(batch.sp[i]),
    state: CAPTAIN_LIVE_STATES[batch.st[i]] ?? 'OFFLINE',
    at: batch.t0 + batch.at[i],
  };
}

/** The report at index i of a batch. */
export function locationAt(batch: CaptainLocationBatch, i: number, captainId = batch.id[i]): CaptainLocationPayload {
  const report = reportAt(batch, i, captainId);
  return { ...report, at: new Date(report.at).toISOString() };
}
/**
 * How often the server flushes the batch to the `users` room (one encoding per batch, whatever the number of
 * consoles). The wait in the batch is most of the delivery time (measured at 150 ms: p50 86 ms, p99 169 ms
 * for 5,000 captains to 100 consoles), so a 50 ms tick keeps p99 under 100 ms; the batches are a third the size.
 */
export const LOCATION_FANOUT_MS = 50;

/** Validation messages of a position report. */
export const POSITION_MSG = texts({
  captainId: 'The captain id must be a positive integer.',
  lon: 'The longitude must be between -180 and 180.',
  lat: 'The latitude must be between -90 and 90.',
} as const);

/** A captain on the tracking map's first paint (GET tracking/captains). */
export type TrackedCaptainDto = z.infer<typeof trackedCaptainSchema>;

/** GET ride/{rideId}/route: `data.route` lists the points from pickup to dropoff. */
export type RideRouteDto = z.infer<typeof rideRouteSchema>;

/*
 * Booking constraint language (static_constraints and dynamic_constraints of a booking).
 *
 *   constraint_name := <subject> ":" <value> [ ":" <MODE> ]
 *   subject         := "captain" (value: a captain id) | "vehicle" (value: a vehicle type, e.g. van)
 *   MODE            := BLACKLIST | WHITELIST   (or given in `Abbreviation`; default WHITELIST)
 *
 * A BLACKLIST entry excludes what it names. WHITELIST entries of one subject form an allow-list: when a
 * booking has any, a captain must match one of them. `strike_through: true` means the constraint was
 * lifted and is ignored. Names that do not parse are ignored (and reported by parseConstraint as null).
 * A constraint of the /constraints catalogue carries its `capability` instead: the captain must offer it.
 */
export const CONSTRAINT_SUBJECTS = ['captain', 'vehicle'] as const;
export type ConstraintSubject = (typeof CONSTRAINT_SUBJECTS)[number];
export type ConstraintMode = (typeof APPEARANCE_CONSTRAINTS)[number];

export interface ParsedConstraint {
  subject: ConstraintSubject;
  value: string;
  mode: ConstraintMode;
}

const isMode = (s: string | undefined): s is ConstraintMode =>
  s !== undefined && (APPEARANCE_CONSTRAINTS as readonly string[]).includes(s.toUpperCase());

export function parseConstraint(c: BookingConstraint): ParsedConstraint | null {
  if (c.strike_through) return null;
  const [subject, value, modePart, ...rest] = c.constraint_name.trim().split(':');
  if (rest.length > 0 || !value || !(CONSTRAINT_SUBJECTS as readonly string[]).includes(subject)) return null;
  if (modePart !== undefined && !isMode(modePart)) return null;
  const mode = isMode(modePart) ? modePart : isMode(c.Abbreviation) ? c.Abbreviation : 'WHITELIST';
  return {
    subject: subject as ConstraintSubject,
    value: value.trim().toLowerCase(),
    mode: mode.toUpperCase() as ConstraintMode,
  };
}

/** The facts of a captain the constraints look at. */
export interface ConstraintSubjectFacts {
  captain_id: number;
  vehicle_type: string | null;
  /** What the captain and their car offer (CAPTAIN_CAPABILITIES). */
  capabilities?: readonly string[];
}

/** Null when the captain is allowed, else the constraint name that excludes them. */
export function constraintViolation(
  constraints: readonly BookingConstraint[],
  captain: ConstraintSubjectFacts,
): string | null {
  const allow = new Map<ConstraintSubject, { names: string[]; matched: boolean }>();
  for (const c of constraints) {
    // A catalogue constraint (/constraints): the captain must offer its capability, unless it was lifted.
    if (c.capability !== undefined) {
      if (!c.strike_through && !(captain.capabilities ?? []).includes(c.capability)) return c.constraint_name;
      continue;
    }
    const p = parseConstraint(c);
    if (!p) continue;
    const actual = p.subject === 'captain' ? String(captain.captain_id) : (captain.vehicle_type ?? '').toLowerCase();
    const matches = actual === p.value;
    if (p.mode === 'BLACKLIST') {
      if (matches) return c.constraint_name;
      continue;
    }
    const entry = allow.get(p.subject) ?? { names: [], matched: false };
    entry.names.push(c.constraint_name);
    entry.matched ||= matches;
    allow.set(p.subject, entry);
  }
  for (const entry of allow.values()) if (!entry.matched) return entry.names.join(', ');
  return null;
}

/** Why a captain was left out of the candidates. */
export const EXCLUSION_REASONS = [
  'offline',
  'inactive',
  'blocked',
  'busy',
  'service',
  'vehicle_type',
  'seats',
  'constraint',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** The explainable score of a candidate: lower total is better (seconds-equivalent). */
export type ScoreParts = z.infer<typeof scorePartsSchema>;
export type CandidateScore = z.infer<typeof candidateScoreSchema>;
export type CandidateRankingDto = z.infer<typeof candidateRankingSchema>;
