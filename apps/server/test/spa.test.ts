import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MSG } from '@taxi/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { buildTestApp, type TestApp } from './helpers';

// The web app as the server serves it (main.ts: serveWeb), over a temporary dist folder written like
// `npm run build` writes it: index.html, hashed assets and their .br / .gz siblings.
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const SCRIPT = `console.log(${JSON.stringify('taxi '.repeat(400))});\n`;

function writeAsset(dist: string, name: string, body: string): void {
  const file = path.join(dist, name);
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

describe('serving the web app (spa.ts)', () => {
  let base: TestApp;
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'taxi-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeAsset(dist, 'index.html', INDEX);
    writeAsset(dist, 'assets/index-abc123.js', SCRIPT);
    base = await buildTestApp();
    app = await buildApp({ config: { ...base.config, webDist: dist }, db: base.db, logger: false, serveWeb: true });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await base?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for / and client routes with no-cache and the security headers', async () => {
    for (const url of ['/', '/login', '/requests?status=pending', '/rides_tracker']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
      // headers.ts (helmet) still applies to the files of the SPA
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('serves hashed assets immutable for a year, brotli or gzip as the client accepts', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    const page = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('serves an asset written after start-up (a rebuild while running)', async () => {
    const later = `export const built = ${Date.now()};\n`;
    writeAsset(dist, 'assets/Later-def456.js', later);
    const res = await app.inject({ method: 'GET', url: '/assets/Later-def456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(later);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // and a new index.html replaces the old one at once
    const next = INDEX.replace('abc123', 'def456');
    writeAsset(dist, 'index.html', next);
    expect((await app.inject({ method: 'GET', url: '/requests' })).body).toBe(next);
    writeAsset(dist, 'index.html', INDEX);
  });

  it('answers 404, not index.html, for a missing asset or file and for unknown API paths', async () => {
    for (const url of ['/assets/index-gone00.js', '/assets/chunk-without-extension', '/favicon.ico']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
      expect(res.json().message, url).toBe(MSG.notFound);
    }
    for (const url of ['/api/no-such-route', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(MSG.notFound);
    }
    expect((await app.inject({ method: 'POST', url: '/requests' })).statusCode).toBe(404);
  });

  it('still answers the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
