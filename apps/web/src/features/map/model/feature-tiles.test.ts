import { describe, expect, it } from 'vitest';
import { cellCount, cellLabel, cellRadius } from './feature-tiles';

describe('a cell of the map tiles', () => {
  it('holds its count of features; a feature of its own counts 1', () => {
    expect(cellCount({ count: 12 })).toBe(12);
    expect(cellCount({ count: '3' })).toBe(3);
    expect(cellCount({})).toBe(1);
    expect(cellCount({ count: 1 })).toBe(1);
    expect(cellCount({ count: 'beaucoup' })).toBe(1);
    expect(cellCount({ count: 0 })).toBe(1);
  });

  it('is a circle that grows with its count, within bounds', () => {
    expect(cellRadius(2)).toBe(13);
    expect(cellRadius(8)).toBe(19);
    expect(cellRadius(3)).toBeGreaterThan(cellRadius(2));
    expect(cellRadius(50)).toBeGreaterThan(cellRadius(10));
    expect(cellRadius(100_000)).toBe(26);
  });

  it('writes its count short enough to fit in its circle', () => {
    expect(cellLabel(2)).toBe('2');
    expect(cellLabel(999)).toBe('999');
    expect(cellLabel(1234)).toBe('1,2 k');
    expect(cellLabel(9999)).toBe('9,9 k');
    expect(cellLabel(15_678)).toBe('15 k');
  });
});
