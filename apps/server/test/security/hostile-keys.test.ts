/**
 * Finding: `sortBy=__proto__` on the passengers and captains lists answered 500 on both engines (the sort
 * table's lookup found Object.prototype and handed it to the SQL), and the matching export.csv answered 200
 * with only its header row, its log line never finished. Every key a request names (sortBy, filters, invoice
 * keys) now comes from the list's own allow-list (a zod enum: 422 with the field's error before a handler
 * runs); request-named keys are never looked up through a plain object's prototype.
 */
import { PASSENGER_SORT_KEYS, publicRule, RESOURCE_MSG } from '@taxi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendCsv } from '../../src/http/csv';
import { bearer, login, testAppForFile } from '../helpers';

const HOSTILE = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const t = testAppForFile({
  routes: (app) => {
    // A body keyed by the caller (a record): its 422 names `constructor` and `toString` like any field.
    app.post(
      '/api/test/hostile/record',
      { config: { policy: publicRule('test.hostileRecord') }, schema: { body: z.record(z.string(), z.number()) } },
      async () => ({ data: null }),
    );
    // An export whose first read fails: an error status, not a 200 holding the header row alone.
    app.get('/api/test/hostile/export.csv', { config: { policy: publicRule('test.hostileExport') } }, (_, reply) =>
      sendCsv(reply, {
        name: 'broken',
        date: '2026-01-01',
        total: 1,
        header: ['id'],
        batches: (async function* () {
          yield* [];
          throw new Error('the first statement failed');
        })(),
        row: (id: number) => [id],
      }),
    );
  },
});
let admin: string;

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(admin) });

beforeAll(async () => {
  admin = await login(t.app, 'admin@example.com');
});

describe('sort keys come from the list’s own allow-list', () => {
  const LISTS = [
    'passenger',
    'passenger/export.csv',
    'captain',
    'captain/blocked',
    'captain/export.csv',
    // A generic catalogue, its CSV, a nested one, and the payments page.
    'car_brands',
    'car_brands/export.csv',
    'car_brands/1/models',
    'user',
    'hotel_users/export.csv',
    'payment/rides',
    'payment/rides/export.csv',
  ];

  it.each(LISTS)('%s: a key the list does not offer is a 422 on sortBy, before any row is read', async (list) => {
    for (const key of [...HOSTILE, 'password_hash', 'id; drop table users', '']) {
      const res = await get(`${list}?sortBy=${encodeURIComponent(key)}&descending=1`);
      if (key === '') {
        // An empty sortBy is the list's own order, as the console never sends it.
        expect([200, 422], key).toContain(res.statusCode);
        continue;
      }
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(422);
      expect(res.headers['content-type'], key).toMatch(/^application\/json/);
      expect(res.json().errors.sortBy, key).toEqual([RESOURCE_MSG.invalidSort]);
    }
  });

  it('the keys the lists offer still sort', async () => {
    for (const key of PASSENGER_SORT_KEYS) expect((await get(`passenger?sortBy=${key}`)).statusCode, key).toBe(200);
    for (const list of ['captain', 'captain/blocked', 'captain/export.csv'])
      expect((await get(`${list}?sortBy=blocked_until&descending=1`)).statusCode, list).toBe(200);
    expect((await get('car_brands?sortBy=name')).statusCode).toBe(200);
    expect((await get('user?sortBy=email&descending=1')).statusCode).toBe(200);
  });

  it('filters and keys named by the request are checked alike', async () => {
    for (const key of HOSTILE) {
      const loyalty = await get(`passenger?loyalty_class=${key}`);
      expect(loyalty.statusCode, key).toBe(422);
      expect(Object.keys(loyalty.json().errors)).toEqual(['loyalty_class']);
      const invoice = await get(`partners/1/invoices/export.csv?key=${key}`);
      expect(invoice.statusCode, key).toBe(422);
      expect((await get(`partners/1/invoices/export.pdf?key=${key}`)).statusCode, key).toBe(422);
      const setting = await get(`setting?key=${key}`);
      expect(setting.statusCode, key).toBe(404);
    }
    // A header's worth of trouble in an invoice key never reaches the file name.
    expect((await get(`partners/1/invoices/export.csv?key=${encodeURIComponent('2026-01"\r\nx: y')}`)).statusCode).toBe(
      422,
    );
  });

  it('a 422 names a field called like an Object member as any other field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/hostile/record',
      payload: { constructor: 'x', toString: 'y', hasOwnProperty: 'z', valueOf: 1 },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['constructor', 'hasOwnProperty', 'toString']);
  });
});

describe('an export answers its error before it streams', () => {
  it('a first read that fails is an error status with a JSON body, not a 200 with the header row', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/hostile/export.csv' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toContain('\uFEFFid');
  });
});
