import type { DocumentType } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import {
  canTransferBack,
  completenessPieces,
  isDocxOrPdfFile,
  isPdfFile,
  printableCerfaTypes,
  todayIso,
  visibleActions,
} from './instruction-actions';

const type = (id: number, fields: Partial<DocumentType> = {}): DocumentType => ({
  id,
  name: `Type ${id}`,
  categorie: 'demande',
  nature: null,
  isMandatory: false,
  isMandatoryReseaux: false,
  cerfa: null,
  ...fields,
});

describe('instruction actions', () => {
  it('shows exactly the allowed actions, in the bar order', () => {
    expect(
      visibleActions(['cancel', 'reorient', 'extend', 'requestCompleteness']).map((b) => b.action),
    ).toEqual(['requestCompleteness', 'reorient', 'extend', 'cancel']);
    expect(visibleActions(undefined)).toEqual([]);
  });

  it('shows the works actions with their labels; those answered inside a dialog or block get no button', () => {
    expect(
      visibleActions([
        'cancelWorks',
        'extend',
        'generateDisturbanceMinutes',
        'declareRoadDisturbance',
        'recordReception',
        'generateLetter',
        'archiveFormalNotice',
        'declineAppointments',
        'chooseAppointment',
        'proposeAppointments',
        'requestReception',
      ]).map((button) => [button.label, button.kind]),
    ).toEqual([
      ['Demander la réception', 'dialog'],
      ['Proposer des rendez-vous', 'dialog'],
      ['Choisir un rendez-vous', 'dialog'],
      ['Réception des travaux', 'dialog'],
      ['Déclarer une perturbation de voirie', 'dialog'],
      ['Générer le PV de perturbation', 'direct'],
      ['Prolonger', 'dialog'],
      ['Annuler les travaux', 'dialog'],
    ]);
  });

  it("lists the kind's pieces, the completeness answers, and always 85 and 101", () => {
    const types = [
      type(1, { isMandatory: true, isMandatoryReseaux: true }),
      type(8, { isMandatoryReseaux: true, cerfa: 1 }),
      type(79, { isMandatory: true, nature: 'amenagement_acces', cerfa: 1 }),
      type(85, { isMandatory: true, isMandatoryReseaux: true, cerfa: 1 }),
      type(93, { categorie: 'décision' }),
      type(101, { categorie: 'complétude' }),
      type(104, { categorie: 'réception', nature: 'réception' }),
    ];
    const ids = (kind: 1 | 2 | 3) =>
      completenessPieces(types, { kind, themes: null }).map((piece) => [
        piece.type.id,
        piece.transferRequired,
      ]);
    expect(ids(1)).toEqual([
      [1, false],
      [8, false],
      [85, true],
      [101, true],
    ]);
    // An alignment gets neither the networks pieces nor the access ones.
    expect(ids(2).map(([id]) => id)).toEqual([1, 85, 101]);
  });

  it('needs 85 and 101 to transfer back', () => {
    expect(canTransferBack([85])).toBe(false);
    expect(canTransferBack([101, 3, 85])).toBe(true);
  });

  it('checks the files and gives today as YYYY-MM-DD', () => {
    expect(isPdfFile(new File([''], 'a.pdf', { type: 'application/pdf' }))).toBe(true);
    expect(isPdfFile(new File([''], 'a.png', { type: 'image/png' }))).toBe(false);
    expect(isDocxOrPdfFile(new File([''], 'a.docx'))).toBe(true);
    expect(todayIso(new Date(2026, 2, 5))).toBe('2026-03-05');
  });
});

describe('printable cerfas', () => {
  it('prints the 14023 of a road permission, its 14024 only for works on the carriageway, none for an alignment', () => {
    const onRoadway = { longitudinalTrenchUnderRoad: 15 };
    expect(printableCerfaTypes({ type: 1, cerfa1402301: onRoadway })).toEqual(['14023', '14024']);
    expect(printableCerfaTypes({ type: 3, cerfa1402301: { themes: 'depot_stationnement' } })).toEqual([
      '14023',
      '14024',
    ]);
    expect(printableCerfaTypes({ type: 1, cerfa1402301: { longitudinalTrenchUnderSidewalks: 15 } })).toEqual([
      '14023',
    ]);
    expect(printableCerfaTypes({ type: 1, wayType: 'Voie Verte', cerfa1402301: onRoadway })).toEqual([
      '14023',
    ]);
    expect(printableCerfaTypes({ type: 2, cerfa1402301: null })).toEqual([]);
  });
});
