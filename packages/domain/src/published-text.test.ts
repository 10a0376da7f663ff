import { describe, expect, test } from 'vitest';
import {
  publishedApplicant,
  publishedParty,
  publishedSignage,
  publishedStreet,
  publishedTown,
  publishedWorksDescription,
} from './published-text.ts';

// What is published names nobody and repeats no text an applicant typed.

describe('what a published text says', () => {
  test('the place: the reference road and member town, never the locality typed', () => {
    expect(publishedStreet({ road: { name: 'Rue des Pins', numero: null }, footprintInsee: null })).toBe(
      'Rue des Pins',
    );
    expect(publishedStreet({ road: null, footprintInsee: '40065' })).toBeNull();
    expect(publishedTown({ road: null, footprintInsee: '40065' }, 'Seignosse')?.name).toBe('Capbreton');
    expect(publishedTown({ road: null, footprintInsee: null }, 'st vincent de tyrosse')?.name).toBe(
      'Saint-Vincent-de-Tyrosse',
    );
    expect(publishedTown({ road: null, footprintInsee: null }, 'Résidence Dupont')).toBeNull();
  });

  test('the works: the labels of known themes and nature, a text typed in their place left out', () => {
    expect(
      publishedWorksDescription({ themes: 'pose_compteur,depot_stationnement', natureWork: 'creation' }),
    ).toBe('Pose de compteur, Dépôt / stationnement – Création');
    expect(publishedWorksDescription({ themes: 'pose_compteur', natureWork: 'chez M. Dupont' })).toBe(
      'Pose de compteur',
    );
    expect(publishedWorksDescription(null)).toBe('');
  });

  test('the parties: by their nature, for the operator recorded by the administration', () => {
    expect(publishedParty({ nature: 'Particulier' })).toBe('un particulier');
    expect(publishedParty({ nature: 'Entreprise' })).toBe('une entreprise');
    expect(publishedParty(null)).toBe('');
    expect(
      publishedApplicant({ petitioner: { nature: 'Particulier' }, beneficiary: null, operatorName: null }),
    ).toBe('un particulier');
    expect(
      publishedApplicant({
        petitioner: { nature: 'Particulier' },
        beneficiary: { nature: 'Entreprise' },
        operatorName: ' ',
      }),
    ).toBe("un particulier, pour le compte d'une entreprise");
    expect(
      publishedApplicant({
        petitioner: { nature: 'Entreprise' },
        beneficiary: { nature: 'Particulier' },
        operatorName: 'Réseaux Sud Landes',
      }),
    ).toBe('une entreprise, pour le compte de Réseaux Sud Landes');
  });

  test('the signage: fixed words by the form’s choice', () => {
    expect(publishedSignage({ signageBy: 'entreprise' })).toBe(
      'une entreprise spécialisée, pour le compte du bénéficiaire de la permission',
    );
    expect(publishedSignage({ signageBy: 'demandeur' })).toBe('le demandeur');
    expect(publishedSignage({})).toBe('le bénéficiaire de la permission');
  });
});
