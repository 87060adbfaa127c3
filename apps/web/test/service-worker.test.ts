import { describe, expect, it, vi } from 'vitest';
import SOURCE from '../public/sw.js?raw';

/** public/sw.js as the browser runs it, against a stand-in of the service worker global scope (`self`). */
const ORIGIN = 'https://console.example.com';

type Listener = (event: Record<string, unknown>) => void;

interface WindowClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function worker(windows: WindowClient[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: {
      claim: vi.fn(async () => {}),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', SOURCE)(scope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { scope, dispatch };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

describe('the service worker (public/sw.js)', () => {
  it('shows a push message as a notification', async () => {
    const { scope, dispatch } = worker();
    await dispatch('push', {
      data: pushData({ title: 'Notification', body: 'Storm warning', url: '/notifications', tag: 'notification-7' }),
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Notification', {
      body: 'Storm warning',
      tag: 'notification-7',
      data: { url: '/notifications' },
    });
  });

  it('shows a message that is no JSON as its text, and never keeps a link to another site', async () => {
    const { scope, dispatch } = worker();
    await dispatch('push', { data: pushData('plain words') });
    await dispatch('push', { data: pushData({ title: 'T', body: 'B', url: 'https://evil.example/x', tag: 't' }) });
    await dispatch('push', { data: pushData({ title: 'T', body: 'B', url: '//evil.example/x', tag: 't' }) });
    const calls = scope.registration.showNotification.mock.calls as unknown as [string, { data: unknown }][];
    expect(calls[0][1]).toMatchObject({ body: 'plain words', data: { url: '/' } });
    expect(calls[1][1].data).toEqual({ url: '/' });
    expect(calls[2][1].data).toEqual({ url: '/' });
  });

  it('on a click, focuses an open console and tells it the page', async () => {
    const open: WindowClient = { url: `${ORIGIN}/requests`, focus: vi.fn(async () => {}), postMessage: vi.fn() };
    const elsewhere: WindowClient = { url: 'https://other.example/', focus: vi.fn(), postMessage: vi.fn() };
    const { scope, dispatch } = worker([elsewhere, open]);
    const notification = { close: vi.fn(), data: { url: '/notifications' } };
    await dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.postMessage).toHaveBeenCalledWith({ type: 'taxi:navigate', url: '/notifications' });
    expect(elsewhere.postMessage).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click with no console open, opens one at the page', async () => {
    const { scope, dispatch } = worker();
    await dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/notifications' } } });
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/notifications`);
  });
});
