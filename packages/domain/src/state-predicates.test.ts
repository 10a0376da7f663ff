import { describe, expect, test } from 'vitest';
import {
  RECEPTION_REFUSED_STATES,
  isAwaitingReception,
  isCancelled,
  isCompletenessDone,
  isFiled,
  isGeneratingOrder,
  isInCompleteness,
} from './state-predicates.ts';
import { STATE_IDS } from './states.ts';

/** The states for which the predicate holds, out of every state and the unfiled null. */
const holdsFor = (predicate: (stateId: number | null | undefined) => boolean) =>
  [null, undefined, ...STATE_IDS].filter((stateId) => predicate(stateId));

describe('state predicates', () => {
  test('each names exactly one state (ARCHITECTURE §4)', () => {
    expect(holdsFor(isCancelled)).toEqual([1]);
    expect(holdsFor(isFiled)).toEqual([3]);
    expect(holdsFor(isAwaitingReception)).toEqual([4]);
    expect(holdsFor(isInCompleteness)).toEqual([8]);
    expect(holdsFor(isCompletenessDone)).toEqual([9]);
    expect(holdsFor(isGeneratingOrder)).toEqual([999]);
  });

  test('an unknown stored number matches none', () => {
    for (const predicate of [isCancelled, isFiled, isAwaitingReception, isInCompleteness, isGeneratingOrder])
      expect(predicate(42)).toBe(false);
  });

  test('the refused receptions are the first and the second refusal', () => {
    expect(RECEPTION_REFUSED_STATES).toEqual([12, 13]);
  });
});
