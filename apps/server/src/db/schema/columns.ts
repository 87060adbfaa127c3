import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, the only kind of time column the schema uses. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });
