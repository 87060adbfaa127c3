import type { SelfTestResult } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { liveCheck } from '../src/features/system/selfTestResults';

const sent: SelfTestResult = { check: 'realtime', status: 'ok', ms: 3, detail: 'Sent to your open consoles: 1' };

describe('the self-test live check, finished in the console', () => {
  it('waits for the event, then passes when it arrived', () => {
    expect(liveCheck(sent, false, false).status).toBe('waiting');
    expect(liveCheck(sent, true, false)).toEqual({
      ...sent,
      detail: 'Sent to your open consoles: 1 · This console received it',
    });
    // Arrived, even if the wait then ran out.
    expect(liveCheck(sent, true, true).status).toBe('ok');
  });

  it('fails when the event has not arrived within the wait', () => {
    expect(liveCheck(sent, false, true)).toMatchObject({
      status: 'failed',
      detail: 'Sent to your open consoles: 1 · This console did not receive it within 5 s',
    });
  });

  it("keeps the server's failure as it is", () => {
    const none: SelfTestResult = { ...sent, status: 'failed', detail: 'None of your consoles holds a live connection' };
    expect(liveCheck(none, false, true)).toBe(none);
  });
});
