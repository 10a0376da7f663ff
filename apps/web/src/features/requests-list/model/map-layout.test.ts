import { describe, expect, it } from 'vitest';
import { MAP_LAYOUT_KEY, readMapLayout, writeMapLayout } from './map-layout';

describe('map layout preference', () => {
  it('is folded by default, and reads back what was chosen', () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    expect(readMapLayout(storage)).toBe('folded');
    writeMapLayout(storage, 'beside');
    expect(stored.get(MAP_LAYOUT_KEY)).toBe('beside');
    expect(readMapLayout(storage)).toBe('beside');
    stored.set(MAP_LAYOUT_KEY, 'ailleurs');
    expect(readMapLayout(storage)).toBe('folded');
  });

  it('survives a storage that refuses or is missing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readMapLayout(refusing)).toBe('folded');
    expect(() => writeMapLayout(refusing, 'beside')).not.toThrow();
    expect(readMapLayout(undefined)).toBe('folded');
  });
});
