import { describe, expect, it } from 'vitest';
import { median, percentile } from '../../scripts/bench/stats';

describe('the figures of a benchmark', () => {
  it('takes the median of an odd and an even count, in any order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });

  it('takes the nearest-rank percentile: p95 of 1..100 is 95, p50 of 1..4 is 2', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile([4, 3, 2, 1], 0.5)).toBe(2);
    expect(percentile([7], 0.95)).toBe(7);
  });
});
