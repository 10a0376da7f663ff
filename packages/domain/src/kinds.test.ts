import { describe, expect, test } from 'vitest';
import {
  PERMISSION_KINDS,
  REQUEST_KINDS,
  REQUEST_KIND_FILTERS,
  RequestKindSchema,
  isAccessDevelopment,
  isAccessKind,
  isAlignmentKind,
  isAlignmentRequest,
  isNetworksKind,
  isPermissionKind,
  kindOfCerfa14023,
  wizardHeading,
} from './kinds.ts';
import { WIZARD_STEPS, nextWizardStep, previousWizardStep, wizardStepsFor } from './wizard-steps.ts';

describe('request kinds', () => {
  test('the type filter list of docs/constants.md, in order', () => {
    expect(REQUEST_KIND_FILTERS).toEqual([
      { value: 1, label: 'Permission de voirie - Réseaux' },
      { value: 3, label: 'Permission de voirie - Accès/Clôture' },
      { value: 2, label: "Demande d'alignement" },
    ]);
  });

  test('wizard headings (docs/screens.md)', () => {
    expect(wizardHeading(1)).toBe('Dépôt demande - Permission de voirie - Réseaux');
    expect(wizardHeading(2)).toBe("Dépôt demande - Demande d'alignement");
    expect(wizardHeading(3)).toBe('Dépôt demande - Permission de voirie - Accès/Clôture');
    expect(wizardHeading('update')).toBe('Mise à jour demande');
  });

  test('each kind predicate names its kind (docs/workflow.md)', () => {
    expect(REQUEST_KINDS.filter(isNetworksKind)).toEqual([1]);
    expect(REQUEST_KINDS.filter(isAlignmentKind)).toEqual([2]);
    expect(REQUEST_KINDS.filter(isAccessKind)).toEqual([3]);
    expect(REQUEST_KINDS.filter(isPermissionKind)).toEqual([1, 3]);
    expect(PERMISSION_KINDS).toEqual([1, 3]);
    expect([1, 2, 3].map((type) => isAlignmentRequest({ type }))).toEqual([false, true, false]);
    expect([0, 4].some((kind) => isNetworksKind(kind) || isAlignmentKind(kind) || isAccessKind(kind))).toBe(
      false,
    );
  });

  test('isAccessDevelopment maps kind 3 only, and back', () => {
    expect([1, 2, 3].map((kind) => isAccessDevelopment(kind as 1 | 2 | 3))).toEqual([false, false, true]);
    expect(kindOfCerfa14023(true)).toBe(3);
    expect(kindOfCerfa14023(false)).toBe(1);
    expect(isPermissionKind(2)).toBe(false);
  });

  test('an unknown kind asks to choose a cerfa', () => {
    expect(RequestKindSchema.safeParse(4).error?.issues[0]?.message).toBe('Veuillez Choisir un cerfa');
  });
});

describe('wizard steps', () => {
  test('six steps; kind 2 skips step 2 both ways', () => {
    expect(WIZARD_STEPS.map((step) => step.label)).toEqual([
      'Localisation',
      'Demande',
      'Demandeur',
      'Chantier',
      'Pièces Jointes',
      'Attestation',
    ]);
    expect(wizardStepsFor(2)).toEqual([1, 3, 4, 5, 6]);
    expect(nextWizardStep(2, 1)).toBe(3);
    expect(previousWizardStep(2, 3)).toBe(1);
    expect(nextWizardStep(1, 1)).toBe(2);
    expect(nextWizardStep(3, 6)).toBeNull();
    expect(previousWizardStep(3, 1)).toBeNull();
  });
});
