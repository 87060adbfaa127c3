/**
 * Finding: `GET /reset-password?token=…` was written whole to the access log (the request serializer logs the
 * URL). The real log output of the app is read here: no secret of a query string (a reset link's token, a
 * code, a key, a secret, a password, a signature, a socket handshake's token), of a survey's path code, or of
 * a URL an error quotes ever appears in it; `token=[REDACTED]` does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { publicRule } from '@taxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactText, redactUrl } from '../src/ops/log-redaction';
import { bearer, buildTestApp, login, type TestApp } from './helpers';

const INDEX = '<!doctype html><html><head></head><body></body></html>';
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  },
});

let t: TestApp;
let dist: string;
let admin: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'taxi-log-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await buildTestApp({
    env: { WEB_DIST: dist, SIMULATOR: 'off' },
    logger: { level: 'info', stream },
    serveWeb: true,
    routes: (app) => {
      // An error whose message quotes a URL with its token (a failed call to another service).
      app.get('/api/test/log/upstream', { config: { policy: publicRule('test.logUpstream') } }, async () => {
        throw new Error('GET https://upstream.example/hook?signature=SECRET-SIG-9&page=2 answered 502');
      });
    },
  });
  admin = await login(t.app, 'admin@example.com');
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The logged URL of the request that carried this request id. */
const urlOf = (requestId: string) =>
  (lines.find((l) => l.request_id === requestId && l.req) as { req?: { url?: string } } | undefined)?.req?.url;

const send = (url: string, requestId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-request-id': requestId, ...headers } });

describe('log lines', () => {
  it('never hold the secret of a query string, a path code or a URL an error quotes', async () => {
    const spa = await send('/reset-password?token=SECRET-RESET-1&lang=fr', 'redact-spa');
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toBe(INDEX);
    const api = await send(
      '/api/check_auth?page=2&token=SECRET-API-2&code=SECRET-CODE-3&api_key=SECRET-KEY-4&secret=SECRET-5&password=SECRET-PW-6&X-Amz-Signature=SECRET-SIG-7',
      'redact-api',
      bearer(admin),
    );
    expect(api.statusCode).toBe(200);
    const missing = await send('/api/no/such/route?access_token=SECRET-404-8', 'redact-404');
    expect(missing.statusCode).toBe(404);
    const socket = await send(
      '/socket.io/?EIO=4&transport=polling&token=SECRET-SOCKET-10&sid=SECRET-SID-11',
      'redact-io',
    );
    expect(socket.statusCode).toBeLessThan(500);
    const survey = await send('/api/survey_answer/SECRETCODE12', 'redact-survey');
    expect(survey.statusCode).toBeGreaterThanOrEqual(400);
    const upstream = await send('/api/test/log/upstream', 'redact-error');
    expect(upstream.statusCode).toBe(500);

    expect(raw.length).toBeGreaterThan(10);
    const leaks = raw.filter((line) => /SECRET/.test(line));
    expect(leaks).toEqual([]);

    expect(urlOf('redact-spa')).toBe('/reset-password?token=[REDACTED]&lang=fr');
    expect(urlOf('redact-api')).toBe(
      '/api/check_auth?page=2&token=[REDACTED]&code=[REDACTED]&api_key=[REDACTED]&secret=[REDACTED]&password=[REDACTED]&X-Amz-Signature=[REDACTED]',
    );
    expect(urlOf('redact-404')).toBe('/api/no/such/route?access_token=[REDACTED]');
    expect(urlOf('redact-io')).toBe('/socket.io/?EIO=4&transport=polling&token=[REDACTED]&sid=[REDACTED]');
    expect(urlOf('redact-survey')).toBe('/api/survey_answer/[REDACTED]');
    const error = lines.find((l) => l.request_id === 'redact-error' && l.err) as
      | { err: { message: string; stack: string } }
      | undefined;
    expect(error?.err.message).toBe('GET https://upstream.example/hook?signature=[REDACTED]&page=2 answered 502');
    expect(error?.err.stack).toContain('signature=[REDACTED]');
    // Every request still logs its line and its completion.
    for (const id of ['redact-spa', 'redact-api', 'redact-404', 'redact-io', 'redact-survey', 'redact-error'])
      expect(lines.filter((l) => l.request_id === id).map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
  });
});

describe('redactUrl and redactText', () => {
  it('replace only the values of secret parameters, in a URL, its fragment, and any text', () => {
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[REDACTED]');
    expect(redactUrl('/x?Reset%5FToken=abc&q=token')).toBe('/x?Reset%5FToken=[REDACTED]&q=token');
    expect(redactUrl('/cb#access_token=abc&state=1')).toBe('/cb#access_token=[REDACTED]&state=1');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?flag&page=1')).toBe('/x?flag&page=1');
    expect(redactText('"url":"/a?page=1&code=123456","msg":"x"')).toBe('"url":"/a?page=1&code=[REDACTED]","msg":"x"');
    expect(redactText('Route GET:/x?key=k1 not found')).toBe('Route GET:/x?key=[REDACTED] not found');
  });
});
