import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', appEnv: 'development', simulator: true });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_ENV: 'prod' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('requires SMTP_URL and SMS_GATEWAY_URL in production', () => {
    const sms = { SMS_GATEWAY_URL: 'https://sms.example.com/send', SMS_GATEWAY_TOKEN: 'token' };
    expect(() => loadConfig({ APP_ENV: 'production', ...sms })).toThrow(/SMTP_URL.*required/);
    expect(() => loadConfig({ APP_ENV: 'production', SMTP_URL: 'smtp://localhost:25' })).toThrow(
      /SMS_GATEWAY_URL.*required/,
    );
    expect(loadConfig({ APP_ENV: 'production', SMTP_URL: 'smtp://localhost:25', ...sms }).isProduction).toBe(true);
  });

  it('reads the SMS gateway: a URL with its bearer token, an optional sender', () => {
    expect(loadConfig({}).smsGateway).toBeUndefined();
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.com/send' })).toThrow(/SMS_GATEWAY_TOKEN/);
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://sms.example.com', SMS_GATEWAY_TOKEN: 't' })).toThrow(
      /SMS_GATEWAY_URL/,
    );
    expect(
      loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.com/send', SMS_GATEWAY_TOKEN: 't', SMS_SENDER: 'Taxi' })
        .smsGateway,
    ).toEqual({ url: 'https://sms.example.com/send', token: 't', sender: 'Taxi', timeoutMs: 10_000 });
  });
});
