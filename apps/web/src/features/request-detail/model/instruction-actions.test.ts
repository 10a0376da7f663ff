import type { DocumentType } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import {
  canTransferBack,
  completenessPieces,
  hasOrder,
  isDocxOrPdfFile,
  isPdfFile,
  signedOrderInputs,
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
        // The cerfa 14024 is completed from the decision dialog.
        'completeTrafficOrder',
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

describe('the acts of a request', () => {
  const act = (kind: 'permission' | 'alignment' | 'traffic', title: string, docx: unknown = null) => ({
    act: kind,
    title,
    docx: docx as null,
    pdf: null,
  });

  it('asks one signed PDF per act, labelled by the act; one act keeps « Arrêté signé (PDF) » as `file`', () => {
    expect(signedOrderInputs({ order: null })).toEqual([{ key: 'file', label: 'Arrêté signé (PDF)' }]);
    expect(
      signedOrderInputs({
        order: { docx: null, pdf: null, acts: [act('permission', 'Arrêté de permission de voirie')] },
      }),
    ).toEqual([{ key: 'file', label: 'Arrêté signé (PDF)' }]);
    expect(
      signedOrderInputs({
        order: {
          docx: null,
          pdf: null,
          acts: [
            act('permission', 'Arrêté de permission de voirie'),
            act('traffic', 'Arrêté de police de la circulation'),
          ],
        },
      }),
    ).toEqual([
      { key: 'permission', label: 'Arrêté de permission de voirie signé (PDF)' },
      { key: 'traffic', label: 'Arrêté de police de la circulation signé (PDF)' },
    ]);
  });

  it('has an order when any act has one', () => {
    const traffic = act('traffic', 'Arrêté de police de la circulation', { id: 1 });
    expect(hasOrder({ order: { docx: null, pdf: null, acts: [act('permission', 'P'), traffic] } })).toBe(
      true,
    );
    expect(hasOrder({ order: { docx: null, pdf: null, acts: [act('permission', 'P')] } })).toBe(false);
    expect(hasOrder({ order: null })).toBe(false);
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
