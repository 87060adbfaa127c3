/**
 * Finding 1, the reading half: even with Object.prototype polluted (`public`, `policy`), the auth hook
 * reads a route's rule as an own property of its config and never skips authentication.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { policyOf } from '../../src/http/auth';
import { buildTestApp, login, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('a polluted Object.prototype neither makes a route public nor gives it a rule', async () => {
  const proto = Object.prototype as Record<string, unknown>;
  proto.policy = { name: 'polluted', public: true, allows: () => true };
  try {
    expect(policyOf({})).toBeUndefined();
  } finally {
    delete proto.policy;
  }
  // The state the probe reached through `__proto__[public]=1` (the parsers now refuse that key).
  proto.public = true;
  try {
    for (const url of ['/api/booking', '/api/user/export.csv', '/api/tracking/captains']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    const twin = await t.app.inject({ method: 'POST', url: '/api/logout', payload: { _method: 'PUT' } });
    expect(twin.statusCode).toBe(401);
  } finally {
    delete proto.public;
  }
});

it('finding 3: a POST twin without a valid token answers 401 before its body is read', async () => {
  // A body that fails to parse (400) if it were read: 401 proves authentication came first.
  const broken =
    '--x\r\nContent-Disposition: form-data; name="_method"\r\n\r\nPUT\r\n--x\r\nContent-Disposition: form-da';
  for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: broken,
    });
    expect(res.statusCode).toBe(401);
  }
  // The same body with a valid token is read, and refused as malformed.
  const token = await login(t.app, 'dispatcher@example.com');
  const read = await t.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
    payload: broken,
  });
  expect(read.statusCode).toBe(400);
});
