import { describe, expect, test } from 'vitest';
import { isCodedField, valueLabel, VALUE_LABELS } from './value-labels.ts';

describe('the label table of coded values', () => {
  test('prints each code with its French label, lists joined with a comma and a space', () => {
    expect(valueLabel('natureWork', 'creation')).toBe('Création');
    expect(valueLabel('natureWork', 'other')).toBe('Autres');
    expect(valueLabel('reasonRequest', 'Real cloture')).toBe("Réalisation d'une clôture");
    expect(valueLabel('themes', 'pose_compteur,ouvrages_divers')).toBe('Pose de compteur, Ouvrages divers');
    expect(valueLabel('networkConnection', 'eau_potable, edf')).toBe('Eau potable, Électricité');
    expect(valueLabel('decisionRefections', 'Finisseur,piste cyclable')).toBe('Finisseur, piste cyclable');
    expect(valueLabel('typeDossier', 'PA')).toBe("Permis d'aménager");
    expect(valueLabel('autorisationUrba', 'oui')).toBe('Oui');
    expect(valueLabel('aerien', 'depose')).toBe('Dépose');
    expect(valueLabel('competence', 'RD')).toBe('Départementale');
    expect(valueLabel('wayType', 'Voie departementale en agglomeration')).toBe(
      'Voie départementale en agglomération',
    );
    expect(valueLabel('parkingExtension', true)).toBe('Prolongation');
    expect(valueLabel('alternatingCirculationManual', false)).toBe('Par feux tricolores');
    expect(valueLabel('signageBy', 'entreprise')).toBe('Une entreprise spécialisée');
  });

  test('nothing prints nothing; an unknown value is printed as stored', () => {
    expect(valueLabel('themes', null)).toBe('');
    expect(valueLabel('natureWork', undefined)).toBe('');
    expect(valueLabel('natureWork', 'forage')).toBe('forage');
  });

  test('every label reads as French: no snake_case, no true/false', () => {
    for (const [field, coded] of Object.entries(VALUE_LABELS)) {
      expect(isCodedField(field)).toBe(true);
      for (const option of coded.options) {
        expect(option.label, `${field}.${String(option.value)}`).not.toMatch(/_|^(true|false)$/);
      }
    }
    expect(isCodedField('project')).toBe(false);
  });
});
