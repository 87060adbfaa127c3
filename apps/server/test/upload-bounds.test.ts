/**
 * Bodies bounded before they are read (the 198 MB multipart bodies to admin_send_code, each answered 422
 * after 38 s while the server grew by 540 MB). Over a real listening socket, four 200 MB bodies at once,
 * generated as they are sent: a public route refuses multipart from the headers (415), an upload route
 * refuses a Content-Length past its bound (413) and a chunked body the moment it passes it (413), and the
 * token is checked before the body is read (401). Each answer arrives while the client is still sending;
 * the bytes the server read and the growth of its memory are measured.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { COMPLAINT_AUDIO_MAX_FILES, MSG } from '@taxi/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BODY_MAX_BYTES } from '../src/http/limits';
import { minimalWav } from '../src/lib/wav';
import { makeBooking } from './factories';
import { bearer, buildTestApp, listenOnLoopback, login, multipart, type TestApp } from './helpers';

const MB = 1024 * 1024;
const BODY = 200 * MB;
const CONCURRENT = 4;
const MEMORY_BOUND = 50 * MB;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let t: TestApp;
let port: number;
let token: string;
let admin: string;
let bookingId: number;
const sockets = new Set<Socket>();

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, 'dispatcher@example.com');
  admin = await login(t.app, 'admin@example.com');
  bookingId = (await makeBooking(t.db, { status: 'DONE' })).id;
  t.app.server.on('connection', (socket: Socket) => sockets.add(socket));
  port = Number(new URL(await listenOnLoopback(t.app)).port);
}, 60_000);
afterAll(async () => t?.close());

interface Sent {
  status: number;
  body: string;
  /** Bytes the client had produced when the answer arrived (sent or queued to send). */
  producedAtAnswer: number;
  /** Whether the client had finished sending its body by then. */
  finishedAtAnswer: boolean;
  connection: string | undefined;
}

/**
 * POSTs a multipart body of `total` bytes made of file parts of `partSize` bytes each, generated 64 KiB at a
 * time while it is sent (nothing of it is held); with its Content-Length, or chunked without one.
 */
function send(url: string, opts: { total: number; partSize: number; chunked?: boolean; token?: string }) {
  const boundary = `----bound${randomBytes(6).toString('hex')}`;
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let produced = 0;
  let inPart = 0;
  let part = 0;
  const body = new Readable({
    read() {
      if (produced >= opts.total) return void this.push(null);
      if (inPart === 0) {
        const head = Buffer.from(
          `${part === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Disposition: form-data; name="wav_files[${part}]"; filename="a${part}.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
        );
        part++;
        inPart = opts.partSize;
        produced += head.length;
        return void this.push(head);
      }
      const n = Math.min(chunk.length, inPart, opts.total - produced);
      inPart -= n;
      produced += n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
  return new Promise<Sent>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(opts.chunked ? {} : { 'content-length': String(opts.total) }),
        ...(opts.token ? bearer(opts.token) : {}),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const producedAtAnswer = produced;
      const finishedAtAnswer = req.writableFinished;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      const done = () => {
        body.destroy();
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          producedAtAnswer,
          finishedAtAnswer,
          connection: res.headers.connection,
        });
      };
      res.once('end', done);
      res.once('aborted', done);
    });
    req.on('error', (error) => {
      // The server closes the connection after its answer: the rest of the body cannot be sent.
      if (!answered) reject(error);
    });
    body.pipe(req);
  });
}

let sampler: NodeJS.Timeout | undefined;
afterEach(() => clearInterval(sampler));

/**
 * Runs the requests together and measures the server's live memory (heap and array buffers, each sample
 * taken after a full GC, so garbage not yet collected does not count) at its peak above where it started,
 * and the bytes the server read from each connection.
 */
async function measured(run: () => Promise<Sent>[]) {
  sockets.clear();
  const live = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = live();
  let peak = before;
  // A full GC of a test worker's heap (the modules of the files it ran before too) can take a second: one
  // sample a second while the requests run, and one when they are done.
  sampler = setInterval(() => {
    peak = Math.max(peak, live());
  }, 1000);
  try {
    const results = await Promise.all(run());
    peak = Math.max(peak, live());
    const bytesRead = [...sockets].map((s) => s.bytesRead);
    return { results, growth: peak - before, bytesRead };
  } finally {
    clearInterval(sampler);
  }
}

const uploadUrl = () => `/api/complaint/booking/${bookingId}/create`;
const tmpDir = () => path.join(t.config.dataDir, 'tmp', 'uploads');

/** The temporary files of the uploads go once their requests end. */
async function tmpDirEmpties(): Promise<string[]> {
  for (let i = 0; i < 100 && readdirSync(tmpDir()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  return readdirSync(tmpDir());
}

function report(label: string, m: { results: Sent[]; growth: number; bytesRead: number[] }) {
  const read = m.bytesRead.map((b) => (b / MB).toFixed(2)).join(', ');
  const produced = m.results.map((r) => (r.producedAtAnswer / MB).toFixed(1)).join(', ');
  console.log(
    `${label}: statuses ${m.results.map((r) => r.status).join(', ')}; memory growth ${(m.growth / MB).toFixed(1)} MB; ` +
      `server read ${read} MB; client had produced ${produced} MB of ${BODY / MB} MB when answered`,
  );
}

describe('multipart bodies are bounded before they are read', () => {
  it('a public route refuses 4 × 200 MB of multipart from the headers (415), with or without Content-Length', async () => {
    for (const chunked of [false, true]) {
      const m = await measured(() =>
        Array.from({ length: CONCURRENT }, () =>
          send('/api/admin_send_code', { total: BODY, partSize: 9 * MB, chunked }),
        ),
      );
      report(`public admin_send_code${chunked ? ' chunked' : ''}`, m);
      for (const r of m.results) {
        expect(r.status).toBe(415);
        expect(JSON.parse(r.body).message).toBe(MSG.unsupportedMediaType);
        expect(r.connection).toBe('close');
        expect(r.finishedAtAnswer).toBe(false);
        expect(r.producedAtAnswer).toBeLessThan(BODY / 4);
      }
      expect(m.bytesRead).toHaveLength(CONCURRENT);
      for (const bytes of m.bytesRead) expect(bytes).toBeLessThan(2 * MB);
      expect(m.growth).toBeLessThan(MEMORY_BOUND);
    }
  });

  it('an upload route refuses 4 × 200 MB with a Content-Length past its bound (413) before reading', async () => {
    const m = await measured(() =>
      Array.from({ length: CONCURRENT }, () => send(uploadUrl(), { total: BODY, partSize: 9 * MB, token })),
    );
    report('upload route, Content-Length', m);
    for (const r of m.results) {
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body).message).toBe(MSG.uploadTooLarge);
      expect(r.finishedAtAnswer).toBe(false);
    }
    for (const bytes of m.bytesRead) expect(bytes).toBeLessThan(2 * MB);
    expect(m.growth).toBeLessThan(MEMORY_BOUND);
  });

  it('an upload route reads 4 chunked 200 MB bodies to disk and refuses them (413) once they pass its bound', async () => {
    // Files of 4 MB: the route takes COMPLAINT_AUDIO_MAX_FILES + 1 of them, written to disk as they come; the
    // next one is refused at once.
    const m = await measured(() =>
      Array.from({ length: CONCURRENT }, () =>
        send(uploadUrl(), { total: BODY, partSize: 4 * MB, chunked: true, token }),
      ),
    );
    report('upload route, chunked, 4 MB files', m);
    const bound = (COMPLAINT_AUDIO_MAX_FILES + 1) * (t.config.uploadMaxBytes + 8 * 1024) + MB;
    for (const r of m.results) {
      expect(r.status).toBe(413);
      expect(r.finishedAtAnswer).toBe(false);
      expect(r.producedAtAnswer).toBeLessThan(BODY / 2);
    }
    for (const bytes of m.bytesRead) expect(bytes).toBeLessThan(bound + 2 * MB);
    expect(m.growth).toBeLessThan(MEMORY_BOUND);
    expect(await tmpDirEmpties()).toEqual([]);

    // One file larger than UPLOAD_MAX_BYTES: refused once its bytes pass it.
    const single = await measured(() => [send(uploadUrl(), { total: BODY, partSize: BODY, chunked: true, token })]);
    report('upload route, chunked, one 200 MB file', single);
    expect(single.results[0].status).toBe(413);
    expect(single.results[0].finishedAtAnswer).toBe(false);
    expect(single.bytesRead[0]).toBeLessThan(t.config.uploadMaxBytes + 2 * MB);
    expect(await tmpDirEmpties()).toEqual([]);
  });

  it('the token is checked before the body is read: 4 × 200 MB without one answer 401', async () => {
    const m = await measured(() =>
      Array.from({ length: CONCURRENT }, () => send(uploadUrl(), { total: BODY, partSize: 9 * MB, chunked: true })),
    );
    report('upload route, no token, chunked', m);
    for (const r of m.results) {
      expect(r.status).toBe(401);
      expect(r.finishedAtAnswer).toBe(false);
    }
    for (const bytes of m.bytesRead) expect(bytes).toBeLessThan(2 * MB);
    expect(m.growth).toBeLessThan(MEMORY_BOUND);
  });

  it('a public route takes JSON up to PUBLIC_BODY_MAX_BYTES (413 past it)', async () => {
    const body = (bytes: number) =>
      JSON.stringify({ username: 'a@b.c', password: 'x'.repeat(bytes), provider: 'users' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      headers: { 'content-type': 'application/json' },
      payload: body(PUBLIC_BODY_MAX_BYTES),
    });
    expect(big.statusCode).toBe(413);
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      headers: { 'content-type': 'application/json' },
      payload: body(100),
    });
    expect(small.statusCode).toBe(422);
  });

  it('a route without an upload declaration takes fields but no file (413); a fitting upload is stored', async () => {
    const withFile = multipart({
      _method: 'PUT',
      season: 'classic',
      f: { filename: 'a.txt', type: 'text/plain', data: Buffer.from('x') },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/setting/season',
      headers: { ...withFile.headers, ...bearer(admin) },
      payload: withFile.payload,
    });
    expect(refused.statusCode).toBe(413);

    const ok = multipart({
      description: 'streamed',
      'wav_files[0]': { filename: 'a.wav', type: 'audio/wav', data: minimalWav(64) },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: uploadUrl(),
      headers: { ...ok.headers, ...bearer(token) },
      payload: ok.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.audios).toHaveLength(1);
    expect(await tmpDirEmpties()).toEqual([]);
  });
});
