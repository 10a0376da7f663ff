import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@voirie/domain';
import { aStoredRequest } from '../../../test/request-fixtures';
import {
  decidesAlignmentToo,
  decisionDefaults,
  decisionVariantOf,
  isAlignmentTabPath,
  validateDecision,
} from './decision-form';
import { computedDebit } from './networks-fields';

describe('decision form', () => {
  it('picks the variant from the type', () => {
    expect(decisionVariantOf({ type: 1 })).toBe('networks');
    expect(decisionVariantOf({ type: 2 })).toBe('alignment');
    expect(decisionVariantOf({ type: 3 })).toBe('access');
  });

  it('fills from the saved decision; the flow rate is 3 when empty', () => {
    const values = decisionDefaults(
      aStoredRequest({
        type: 1,
        commentDecision: 'Vu',
        doAnnexe: true,
        mailArreteSignes: [{ mail: 'a@b.fr', name: null }],
        cerfa1402301: {
          id: 9,
          isAccessDevelopment: false,
          isFavorable: false,
          decisionRefections: 'Finisseur,piste cyclable',
          decisionSurfacem2: 12.5,
        },
      }),
    );
    expect(values).toMatchObject({
      isFavorable: 'false',
      commentDecision: 'Vu',
      doAnnexe: true,
      mailArreteSignes: [{ mail: 'a@b.fr', name: '' }],
      decisionRefections: ['Finisseur', 'piste cyclable'],
      decisionSurfacem2: '12.5',
      decisionDebitLS: '3',
    });
  });

  it("validates with the domain's schema and places the messages on the fields' paths", () => {
    const values = decisionDefaults(aStoredRequest({ type: 1 }));
    const result = validateDecision('networks', {
      ...values,
      decisionDebitLS: '1000.5',
      decisionSurfacem2: '-1',
      mailArreteSignes: [{ mail: 'x', name: '' }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byPath = Object.fromEntries(result.issues.map((issue) => [issue.path, issue.message]));
    expect(byPath.isFavorable).toBe(VALIDATION_MESSAGES.decisionRequired);
    expect(byPath.decisionDebitLS).toBe(VALIDATION_MESSAGES.max(1000));
    expect(byPath.decisionSurfacem2).toBe(VALIDATION_MESSAGES.min(0));
    expect(byPath['mailArreteSignes.0.mail']).toBe(VALIDATION_MESSAGES.emailInvalid);
  });

  it('checks the ditch diameter step (0.5) and the point distance step (0.0001)', () => {
    const access = decisionDefaults(aStoredRequest({ type: 3 }));
    const ditch = validateDecision('access', {
      ...access,
      isFavorable: 'true',
      decisionAccessFosse: true,
      decisionAccessFosseDiametre: '300.2',
    });
    expect(ditch.ok ? [] : ditch.issues).toEqual([
      { path: 'decisionAccessFosseDiametre', message: VALIDATION_MESSAGES.step(0.5) },
    ]);
    const alignment = decisionDefaults(aStoredRequest({ type: 2, cerfa1402301: null }));
    const point = validateDecision('alignment', {
      ...alignment,
      isFavorable: 'true',
      rues: [
        {
          name: 'A',
          competence: 'Communautaire',
          points: [{ name: 'P', type: 'nu du mur', distance: '1.00005' }],
        },
      ],
    });
    expect(point.ok ? [] : point.issues.map((issue) => issue.path)).toEqual(['rues.0.points.0.distance']);
  });

  it('computes the débit l/s/ha to 5 decimals', () => {
    expect(computedDebit('3', '1500')).toBe('0.45');
    expect(computedDebit('1.23', '0.77')).toBe('0.00009');
    expect(computedDebit('', '1500')).toBe('');
  });

  it("decides the alignment asked with a permission under `alignement`, its issues on the form's fields", () => {
    const request = aStoredRequest({
      type: 3,
      alignementId: 4,
      cerfa1402301: { id: 9, isAccessDevelopment: true },
      individualAlignmentRequest: { id: 4, isFavorable: true, rues: [] },
    });
    expect(decidesAlignmentToo(request)).toBe(true);
    expect(decidesAlignmentToo(aStoredRequest({ type: 2, alignementId: 4 }))).toBe(false);
    const values = decisionDefaults(request);
    expect(values.alignement).toEqual({ isFavorable: 'true', commentDecision: '', parapheurDecision: '' });
    const refused = validateDecision(
      'access',
      {
        ...values,
        isFavorable: 'true',
        alignement: { ...values.alignement, isFavorable: '' },
        rues: [
          {
            name: 'Rue des Pins',
            competence: 'Communautaire',
            points: [{ name: 'P1', type: '', distance: 'x' }],
          },
        ],
      },
      true,
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      const paths = refused.issues.map((issue) => issue.path);
      expect(paths).toEqual(['alignement.isFavorable', 'rues.0.points.0.distance']);
      expect(paths.every(isAlignmentTabPath)).toBe(true);
    }
    expect(isAlignmentTabPath('mailArreteSignes.0.mail')).toBe(false);
  });
});
