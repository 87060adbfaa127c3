import { LATE_TOAST_DURATION_MS } from '@taxi/shared';

/**
 * The late notices (late booking, late captain): a small stack in the content area's bottom corner instead of
 * toasts piling up over the drawer and the forms. They arrive by themselves, so they never open anything: each
 * links to the exceptions board, where the booking waits with its actions. Pure and outside React (testable).
 */
export type NoticeKind = 'late_booking' | 'late_captain';

export interface LateNotice {
  /** `kind:booking_id`: a second notice of the same booking and kind replaces the first. */
  key: string;
  kind: NoticeKind;
  bookingId: number;
  /** The late captain's name (the text is built at render, in the current language). */
  captainName: string | null;
  /** When it leaves by itself (epoch ms), unless the stack is paused. */
  until: number;
}

/** At most this many are shown; older ones collapse into "+N more". */
export const NOTICES_SHOWN = 3;

export interface NoticeStack {
  /** The newest NOTICES_SHOWN, oldest first (the newest at the bottom, nearest the corner). */
  shown: LateNotice[];
  /** How many older ones are collapsed. */
  more: number;
}

export class LateNotices {
  /** Newest first. */
  private list: LateNotice[] = [];
  private pausedAt: number | null = null;
  private readonly listeners = new Set<() => void>();
  private snapshot: NoticeStack = { shown: [], more: 0 };

  constructor(private readonly durationMs = LATE_TOAST_DURATION_MS) {}

  push(kind: NoticeKind, bookingId: number, captainName: string | null = null, now = Date.now()): void {
    const key = `${kind}:${bookingId}`;
    const notice = { key, kind, bookingId, captainName, until: now + this.durationMs };
    this.list = [notice, ...this.list.filter((n) => n.key !== key)];
    this.changed();
  }

  dismiss(key: string): void {
    const next = this.list.filter((n) => n.key !== key);
    if (next.length === this.list.length) return;
    this.list = next;
    this.changed();
  }

  clear(): void {
    if (this.list.length === 0) return;
    this.list = [];
    this.changed();
  }

  /** While the pointer or the focus is on the stack, nothing leaves (WCAG 2.2.1: time enough to read and act). */
  pause(now = Date.now()): void {
    this.pausedAt ??= now;
  }

  resume(now = Date.now()): void {
    if (this.pausedAt === null) return;
    const paused = now - this.pausedAt;
    this.pausedAt = null;
    this.list = this.list.map((n) => ({ ...n, until: n.until + paused }));
    this.changed();
  }

  /** Drops the notices whose time is over; the time of the next one to leave, or null. */
  expire(now = Date.now()): number | null {
    if (this.pausedAt !== null) return null;
    const next = this.list.filter((n) => n.until > now);
    if (next.length !== this.list.length) {
      this.list = next;
      this.changed();
    }
    return next.length ? Math.min(...next.map((n) => n.until)) : null;
  }

  get stack(): NoticeStack {
    return this.snapshot;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    const shown = this.list.slice(0, NOTICES_SHOWN).reverse();
    this.snapshot = { shown, more: this.list.length - shown.length };
    for (const listener of this.listeners) listener();
  }
}

/** The console's one stack (the socket's late events push here). */
export const lateNotices = new LateNotices();
