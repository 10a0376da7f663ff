import View from 'ol/View';
import { MAP_SETTINGS } from '@voirie/domain';
import { askForReducedMotion } from '../../../test/motion';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitExtent, zoomBy } from './map-view';

const usual = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;

afterEach(() => {
  Object.defineProperty(window, 'matchMedia', usual);
});

describe('the map view with reduced motion (WCAG 2.3.3)', () => {
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
