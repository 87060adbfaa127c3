import { expect, it } from 'vitest';
import { buildTestApp } from './helpers';

it('production registers no dev outbox', async () => {
  const t = await buildTestApp({
    env: {
      APP_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
      SMS_GATEWAY_TOKEN: 'token',
    },
  });
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
  } finally {
    await t.close();
  }
});
