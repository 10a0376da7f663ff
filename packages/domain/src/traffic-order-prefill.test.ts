import { describe, expect, test } from 'vitest';
import { prefillTrafficOrder } from './traffic-order-prefill.ts';
import { Cerfa14024InputSchema } from './schemas/cerfa-14024.ts';

describe('prefillTrafficOrder', () => {
  const company = {
    nature: 'Entreprise',
    corporationName: 'Réseaux Sud Landes',
    corporationSiret: '12345678901234',
    corporationAgent: 'Jean Lalanne',
    addressNum: '4',
    addressType: 'Rue',
    addressName: 'du Port',
    addressPostalCode: '40130',
    addressCity: 'Capbreton',
    phone: '0558000000',
    email: 'chantiers@reseaux-sud.fr',
  };

  test('from the works form, the dates and an organisation that files', () => {
    const filled = prefillTrafficOrder({
      type: 1,
      cerfa1402301: { themes: 'ouvrage_divers', natureWork: 'creation', longitudinalTrenchUnderRoad: 40 },
      dateStart: '2026-12-01',
      dateEnd: '2026-12-10',
      petitioner: company,
    });
    expect(filled).toEqual({
      workDescription: 'Ouvrages divers – Création',
      dateRegulation: '2026-12-01',
      durationRegulation: 10,
      encroachmentRoadway: true,
      signageBy: 'demandeur',
      gestSignageCorporationName: 'Réseaux Sud Landes',
      gestSignageSiret: '12345678901234',
      gestSignageAgent: 'Jean Lalanne',
      gestSignageAddressNum: '4',
      gestSignageAddressName: 'Rue du Port',
      gestSignageAddressPostalCode: '40130',
      gestSignageAddressCity: 'Capbreton',
      gestSignagePhone: '0558000000',
      gestSignageEmail: 'chantiers@reseaux-sud.fr',
    });
    // What it fills is what the schema accepts.
    expect(Cerfa14024InputSchema.safeParse(filled).success).toBe(true);
  });

  test('the project describes the works when given; a private person leaves the signage block empty', () => {
    const filled = prefillTrafficOrder({
      type: 3,
      project: '  Benne devant le n° 12  ',
      cerfa1402301: { themes: 'depot_stationnement' },
      dateStart: '2026-12-01',
      dateEnd: '2026-12-01',
      petitioner: { nature: 'Particulier', email: 'm@d.fr' },
    });
    expect(filled).toEqual({
      workDescription: 'Benne devant le n° 12',
      dateRegulation: '2026-12-01',
      durationRegulation: 1,
      encroachmentRoadway: true,
    });
  });

  test('what is not known yet stays empty (no dates, inverted dates, no carriageway)', () => {
    expect(prefillTrafficOrder({ type: 1, cerfa1402301: { trackWidth: 5 } })).toEqual({});
    expect(
      prefillTrafficOrder({
        type: 1,
        cerfa1402301: { transverseTrenchUnderRoad: 4 },
        dateStart: '2026-12-10',
        dateEnd: '2026-12-01',
      }),
    ).toEqual({ dateRegulation: '2026-12-10', encroachmentRoadway: true });
  });
});
