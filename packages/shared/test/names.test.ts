import { describe, expect, it } from 'vitest';
import {
  EVENTS,
  PROTECTED_ROUTES,
  pathTo,
  type RouteName,
  routeByName,
  type ServerEventName,
  type ServerToClientEvents,
} from '../src';

describe('route names', () => {
  it('fills a named route and refuses a missing parameter', () => {
    expect(pathTo('Details', { id: 5 })).toBe('/rides/5');
    expect(pathTo('Requests')).toBe('/requests');
    expect(() => pathTo('Details')).toThrow('Route Details needs parameter id');
    expect(routeByName('PhoneBooking').title).toBe('Phone Booking');
  });

  it('names every route once, and a misspelt name does not compile', () => {
    const names: RouteName[] = PROTECTED_ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    // @ts-expect-error 'Detials' is not a route name
    expect(() => pathTo('Detials')).toThrow('Unknown route name Detials');
  });
});

describe('realtime event names', () => {
  it('types each EVENTS value with a payload, and no other name', () => {
    const name: ServerEventName = EVENTS.updateBooking;
    const handler: ServerToClientEvents[typeof name] = (booking) => booking.id;
    expect(typeof handler).toBe('function');
    // @ts-expect-error 'update bookings' is not an event of the server
    const misspelt: ServerEventName = 'update bookings';
    expect(Object.values(EVENTS)).not.toContain(misspelt);
  });
});
