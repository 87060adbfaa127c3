import { createServer } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup } from '../src/lib/public-address';
import { PushTransport } from '../src/modules/push/transport';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '142.250.185.10', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('publicOnlyLookup', () => {
  const fake = (addresses: string[]) =>
    publicOnlyLookup((_host, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      ),
    );
  const run = (lookup: ReturnType<typeof fake>, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup('push.example.com', { all }, (error, address) => resolve({ error, address })),
    );

  it('passes public addresses through, in both shapes', async () => {
    expect((await run(fake(['8.8.8.8']), false)).address).toBe('8.8.8.8');
    expect((await run(fake(['8.8.8.8', '2a00:1450::1']), true)).address).toHaveLength(2);
  });

  it('refuses a name with any internal address among its answers', async () => {
    const { error } = await run(fake(['8.8.8.8', '10.0.0.5']), false);
    expect(error?.code).toBe('ENOTPUBLIC');
  });
});

describe('push transport', () => {
  const server = createServer((_req, res) => res.end('reached'));
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses address literals of the local network', () => {
    const transport = new PushTransport();
    expect(transport.for('https://10.0.0.1/push').ok).toBe(false);
    expect(transport.for('https://[::1]/push').ok).toBe(false);
    expect(transport.for('ftp://push.example.com/').ok).toBe(false);
    transport.close();
  });

  it('does not connect to a name that resolves to this machine', async () => {
    const transport = new PushTransport();
    const chosen = transport.for(`https://localhost:${port}/push`);
    expect(chosen.ok).toBe(true);
    const agent = chosen.ok ? chosen.agent : undefined;
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      const request = https.get(`https://localhost:${port}/push`, { agent }, () => resolve(undefined));
      request.on('error', (e) => resolve(e));
    });
    expect(error?.code).toBe('ENOTPUBLIC');
    transport.close();
  });
});
