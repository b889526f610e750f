import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the value once it has stayed the same for the delay; each change starts the wait again', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'H' },
    });
    expect(result.current).toBe('H');
    rerender({ value: 'HT' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'HTA' });
    act(() => vi.advanceTimersByTime(200));
    // 400 ms since 'HT', but only 200 since 'HTA'
    expect(result.current).toBe('H');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('HTA');
  });
});
