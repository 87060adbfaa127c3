import { SELF_TEST_EVENT_WAIT_MS, type SelfTestResult, SELF_TEST_UI as ui } from '@taxi/shared';

/** A result as the page shows it: the live check may still be waiting for its event here. */
export type ShownResult = Omit<SelfTestResult, 'status'> & { status: SelfTestResult['status'] | 'waiting' };

/**
 * The live connection check ends in this console: the server sent the event (ok on its side), and it
 * passes once the event arrived here, fails when it has not within the wait.
 */
export function liveCheck(server: SelfTestResult, received: boolean, timedOut: boolean): ShownResult {
  if (server.status !== 'ok') return server;
  if (received) return { ...server, detail: `${server.detail} · ${ui.realtimeReceived}` };
  if (timedOut)
    return {
      ...server,
      status: 'failed',
      detail: `${server.detail} · ${ui.realtimeMissed(SELF_TEST_EVENT_WAIT_MS / 1000)}`,
    };
  return { ...server, status: 'waiting' };
}
