import type { BookingDto } from '@taxi/shared';
import type { EventBus } from './bus';

export { EventBus, type RecordEvent } from './bus';
export type { DomainEvent, DomainEvents, EventName } from './types';

/**
 * What after-commit handlers and the command share for one command: the booking as presented, loaded
 * once however many handlers (and the command's own response) ask for it.
 */
export interface EventContext {
  booking(id: number, detail?: boolean): Promise<BookingDto>;
}

export type AppBus = EventBus<EventContext>;
