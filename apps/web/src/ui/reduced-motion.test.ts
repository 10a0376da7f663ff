import { askForReducedMotion } from '../test/motion';
import { afterEach, describe, expect, it } from 'vitest';
import { prefersReducedMotion } from './reduced-motion';
import { portalTheme } from './theme';

const usual = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;

afterEach(() => {
  Object.defineProperty(window, 'matchMedia', usual);
});

describe('reduced motion (WCAG 2.3.3)', () => {
  it('is read from the system setting', () => {
    expect(prefersReducedMotion()).toBe(false);
    askForReducedMotion();
    expect(prefersReducedMotion()).toBe(true);
  });

  it('takes MUI transitions and ripples away, and only then', () => {
    const still = portalTheme(true);
    expect(Object.values(still.transitions.duration)).toEqual(Array(7).fill(0));
    expect(still.transitions.getAutoHeightDuration(500)).toBe(0);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(still.components?.MuiButtonBase?.styleOverrides).toBeDefined();

    const moving = portalTheme(false);
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.transitions.getAutoHeightDuration(500)).toBeGreaterThan(0);
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });
});
