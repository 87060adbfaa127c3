import { MSG } from '@taxi/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, loginBody, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOGIN_RATE_MAX_PER_ACCOUNT: '3', LOGIN_RATE_MAX_PER_IP: '5' } });
});
afterAll(() => t?.close());

it('admin_send_code is limited per account, then per IP → 429', async () => {
  const send = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin_send_code', payload: loginBody(email, { password: 'Bad#pass1' }) });
  for (let i = 0; i < 3; i++) expect((await send('admin@example.com')).statusCode).toBe(422);
  const limited = await send('admin@example.com');
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ message: MSG.tooManyRequests, request_id: expect.any(String) });
  // another account from the same IP: 5th hit of the IP passes, the 6th is limited
  expect((await send('gov@example.com')).statusCode).toBe(422);
  expect((await send('gov@example.com')).statusCode).toBe(429);
});

it('admin_login is limited too', async () => {
  let last = 0;
  for (let i = 0; i < 6; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin_login',
      payload: loginBody('supervisor@example.com', { code: '123456' }),
    });
    last = res.statusCode;
  }
  expect(last).toBe(429);
});
