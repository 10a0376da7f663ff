import { describe, expect, it } from 'vitest';
import { layerFeaturePopup } from './layer-popups';

describe("an overlay's popup", () => {
  it('names the service consulted and the Plat’AU number of a consultation', () => {
    expect(
      layerFeaturePopup('consultations', {
        id: 4,
        platau_id: 'PLATAU-2026-0001',
        service: 'Architecte des Bâtiments de France',
      }),
    ).toEqual({
      title: 'Consultation Plat’AU',
      lines: ['Service consulté : Architecte des Bâtiments de France', 'N° Plat’AU : PLATAU-2026-0001'],
    });
  });

  it('says nothing for the other layers, nor for a feature without its number', () => {
    expect(layerFeaturePopup('roads', { id: 1, platau_id: 'X', service: 'Y' })).toBeNull();
    expect(layerFeaturePopup('consultations', { id: 4, service: 'DDTM' })).toBeNull();
  });
});
