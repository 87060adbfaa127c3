import { describe, expect, it, vi } from 'vitest';
import { setToastSink, toast } from '../src/api/toast';

describe('toasts before the toaster has loaded', () => {
  it('are kept and shown in order once it takes over, later ones at once', () => {
    toast.error('first');
    toast.warning('second');
    const sink = vi.fn();
    setToastSink(sink as never);
    expect(sink.mock.calls.map(([message, options]) => [message, options.variant])).toEqual([
      ['first', 'error'],
      ['second', 'warning'],
    ]);
    toast.success('third');
    expect(sink).toHaveBeenLastCalledWith('third', { variant: 'success' });
    expect(sink).toHaveBeenCalledTimes(3);
  });
});
