import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  GROUP_MESSAGES,
  GroupFormSchema,
  MandateFormSchema,
  checkOperatorChoice,
  isMandateInForce,
  isValidSiret,
  mandateStatus,
  operatorChoice,
  perimeterTypeLabel,
  periodsOverlap,
  type OperatorChoiceContext,
} from './groups.ts';

function messages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('SIRET', () => {
  test.each([
    ['73282932000074', true],
    ['12345678900015', true],
    ['12345678900012', false],
    // La Poste: digits adding up to a multiple of 5, whatever the Luhn key.
    ['35600000000048', true],
    ['35600000012300', true],
    ['35600000012305', true],
    ['35600000012301', false],
    ['7328293200007', false],
    ['7328293200007A', false],
  ])('%s is %s', (siret, valid) => {
    expect(isValidSiret(siret)).toBe(valid);
  });
});

describe('the group form (docs/screens.md, docs/validation.md)', () => {
  test('Nom and Siret are required, in French', () => {
    expect(messages(GroupFormSchema.safeParse({ type: 'operator', libelle: ' ', code: '' }))).toEqual({
      libelle: 'Ce champ est obligatoire',
      code: 'Ce champ est obligatoire',
    });
  });

  test('Siret: 14 digits, then its check key; spaces ignored', () => {
    expect(messages(GroupFormSchema.safeParse({ type: 'operator', libelle: 'A', code: '1234' }))).toEqual({
      code: 'Le numéro SIRET doit comporter 14 chiffres',
    });
    expect(
      messages(GroupFormSchema.safeParse({ type: 'operator', libelle: 'A', code: '12345678900012' })),
    ).toEqual({ code: GROUP_MESSAGES.siretInvalid });
    expect(
      GroupFormSchema.parse({ type: 'operator', libelle: ' Enedis ', code: '123 456 789 00015' }),
    ).toEqual({ type: 'operator', libelle: 'Enedis', code: '12345678900015', perimeterIds: [] });
  });

  test("an operator's perimeters once each; a subcontractor has none", () => {
    expect(
      GroupFormSchema.parse({
        type: 'operator',
        libelle: 'Enedis',
        code: '12345678900015',
        perimeterIds: [4, 2, 4],
      }).perimeterIds,
    ).toEqual([4, 2]);
    expect(
      messages(
        GroupFormSchema.safeParse({
          type: 'soustraitant',
          libelle: 'TP Landes',
          code: '12345678900015',
          perimeterIds: [4],
        }),
      ),
    ).toEqual({ perimeterIds: GROUP_MESSAGES.subcontractorPerimeters });
    expect(
      messages(GroupFormSchema.safeParse({ type: 'town', libelle: 'Capbreton', code: '12345678900015' })),
    ).toEqual({ type: 'Veuillez choisir une valeur de la liste' });
  });

  test('the perimeter types by their labels', () => {
    expect(['department', 'epci', 'town', 'operator', 'soustraitant'].map(perimeterTypeLabel)).toEqual([
      'Département',
      'EPCI',
      'Commune',
      'Opérateur',
      'Sous-traitant',
    ]);
  });

  test('the confirmations and notices', () => {
    expect(GROUP_MESSAGES.deleteConfirm('operator')).toBe('Voulez vous vraiment supprimer cet opérateur ?');
    expect(GROUP_MESSAGES.deleteConfirm('soustraitant')).toBe(
      'Voulez vous vraiment supprimer ce sous-traitant ?',
    );
    expect(GROUP_MESSAGES.created('soustraitant')).toBe('Sous-traitant ajouté.');
    expect(GROUP_MESSAGES.duplicateSiret('operator', 'Enedis')).toBe(
      'Un opérateur de même Siret existe déjà : Enedis.',
    );
  });
});

describe('mandates', () => {
  const mandate = { dateFrom: '2026-01-01', dateTo: '2026-06-30' };

  test('in force from its first to its last day, both included', () => {
    expect(mandateStatus(mandate, '2025-12-31')).toBe('upcoming');
    expect(isMandateInForce(mandate, '2026-01-01')).toBe(true);
    expect(isMandateInForce(mandate, '2026-06-30')).toBe(true);
    expect(mandateStatus(mandate, '2026-07-01')).toBe('ended');
    expect(isMandateInForce({ dateFrom: '2026-01-01', dateTo: null }, '2099-01-01')).toBe(true);
  });

  test('overlaps share a day', () => {
    expect(periodsOverlap(mandate, { dateFrom: '2026-06-30', dateTo: null })).toBe(true);
    expect(periodsOverlap(mandate, { dateFrom: '2026-07-01', dateTo: null })).toBe(false);
    expect(periodsOverlap({ dateFrom: '2025-01-01', dateTo: '2025-12-31' }, mandate)).toBe(false);
    expect(periodsOverlap({ dateFrom: '2020-01-01', dateTo: null }, mandate)).toBe(true);
  });

  test('the form: an operator, a start, an optional end not before the start', () => {
    expect(MandateFormSchema.parse({ operatorId: 3, dateFrom: '2026-01-01' })).toEqual({
      operatorId: 3,
      dateFrom: '2026-01-01',
      dateTo: null,
    });
    expect(
      messages(MandateFormSchema.safeParse({ operatorId: 3, dateFrom: '2026-02-01', dateTo: '2026-01-31' })),
    ).toEqual({ dateTo: GROUP_MESSAGES.mandateDatesInverted });
    expect(messages(MandateFormSchema.safeParse({ dateFrom: '31/01/2026' }))).toEqual({
      operatorId: 'Ce champ est obligatoire',
      dateFrom: 'Date invalide',
    });
    expect(messages(MandateFormSchema.safeParse({ operatorId: 3, dateFrom: '' }))).toEqual({
      dateFrom: 'Ce champ est obligatoire',
    });
  });
});

describe('whom an account may file for', () => {
  test.each([
    [['ROLE_USER'], 'none'],
    [['ROLE_DEMANDEUR'], 'none'],
    [['ROLE_OPERATEUR'], 'groups'],
    [['ROLE_SOUSTRAITANT'], 'groups'],
    [['ROLE_OPERATEUR', 'ROLE_SOUSTRAITANT'], 'groups'],
    [['ROLE_GUICHET'], 'any'],
    [['ROLE_GESTIONNAIRE'], 'any'],
    [['ROLE_INSTRUCTEUR'], 'any'],
    [['ROLE_ADMIN'], 'any'],
    [['ROLE_OPERATEUR', 'ROLE_ADMIN'], 'any'],
  ] as const)('%j: %s', (roles, choice) => {
    expect(operatorChoice({ roles })).toBe(choice);
  });

  const base: OperatorChoiceContext = {
    choice: 'groups',
    ownOperatorIds: [],
    mandates: [],
    isSubcontractor: false,
  };

  test('an operator account: its own operators only', () => {
    const operator = { ...base, ownOperatorIds: [7] };
    expect(checkOperatorChoice(operator, 7, '2026-03-01')).toEqual({ ok: true });
    expect(checkOperatorChoice(operator, 8, '2026-03-01')).toEqual({
      ok: false,
      message: GROUP_MESSAGES.notOwnOperator,
    });
  });

  test('a subcontractor account: under a mandate in force that day, never one expired, upcoming or absent', () => {
    const sub = {
      ...base,
      isSubcontractor: true,
      mandates: [
        { operatorId: 7, dateFrom: '2026-01-01', dateTo: '2026-06-30' },
        { operatorId: 9, dateFrom: '2025-01-01', dateTo: '2025-12-31' },
      ],
    };
    const refused = { ok: false, message: GROUP_MESSAGES.noMandateInForce };
    expect(checkOperatorChoice(sub, 7, '2026-03-01')).toEqual({ ok: true });
    expect(checkOperatorChoice(sub, 7, '2026-07-01')).toEqual(refused);
    expect(checkOperatorChoice(sub, 7, '2025-12-31')).toEqual(refused);
    expect(checkOperatorChoice(sub, 9, '2026-03-01')).toEqual(refused);
    expect(checkOperatorChoice(sub, 8, '2026-03-01')).toEqual(refused);
  });

  test('the others: any operator, or none at all', () => {
    expect(checkOperatorChoice({ ...base, choice: 'any' }, 42, '2026-03-01')).toEqual({ ok: true });
    expect(checkOperatorChoice({ ...base, choice: 'none' }, 42, '2026-03-01')).toEqual({
      ok: false,
      message: GROUP_MESSAGES.operatorNotAllowed,
    });
  });
});
