import View from 'ol/View';
import { MAP_SETTINGS } from '@voirie/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitExtent, zoomBy } from '../features/map/ol/map-view';
import { prefersReducedMotion } from './reduced-motion';
import { portalTheme } from './theme';

const usual = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
const usualMatchMedia = usual.value as (query: string) => MediaQueryList;

/** The user's system asks for reduced motion (setup.ts matches only the min-width queries). */
function askForReducedMotion() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      ...usualMatchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)' || usualMatchMedia(query).matches,
    }),
  });
}

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

  it('makes the map jump where it would fly', () => {
    const view = new View({ center: [0, 0], zoom: 10 });
    const fit = vi.spyOn(view, 'fit');
    const animate = vi.spyOn(view, 'animate');
    const extent = [0, 0, 1000, 1000];

    fitExtent(view, extent, 18, [800, 600]);
    zoomBy(view, 1);
    expect(fit).toHaveBeenLastCalledWith(
      extent,
      expect.objectContaining({ duration: MAP_SETTINGS.animationMs }),
    );
    expect(animate).toHaveBeenLastCalledWith(expect.objectContaining({ duration: 250 }));

    askForReducedMotion();
    fitExtent(view, extent, 18, [800, 600]);
    zoomBy(view, 1);
    expect(fit).toHaveBeenLastCalledWith(extent, expect.objectContaining({ duration: 0 }));
    expect(animate).toHaveBeenLastCalledWith(expect.objectContaining({ duration: 0 }));
  });
});
