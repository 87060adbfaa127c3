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

  it('requires SMTP_URL in production', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/SMTP_URL.*required/);
    expect(loadConfig({ APP_ENV: 'production', SMTP_URL: 'smtp://localhost:25' }).isProduction).toBe(true);
  });
});
