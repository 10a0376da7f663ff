import { describe, expect, test } from 'vitest';
import {
  ACT_DOCUMENT_TYPE_IDS,
  ACT_KINDS,
  ACT_MESSAGES,
  actFileName,
  actTemplate,
  actsWithoutOrder,
  findAct,
  orderModeleId,
  requestActs,
} from './acts.ts';
import { apply } from './workflow.ts';
import type { WorkflowRequest } from './workflow-table.ts';
import { canDeleteDocument, DOCUMENT_DELETE_MESSAGES } from './works.ts';
import { STATE_IDS } from './states.ts';

const kinds = (subject: Parameters<typeof requestActs>[0]) => requestActs(subject).map((act) => act.kind);

describe('the acts of a request', () => {
  test('an alignment request: its alignment order, under the order types 93 and 21', () => {
    const [act, ...others] = requestActs({ type: 2, hasAlignment: true, hasTrafficOrder: true });
    expect(others).toEqual([]);
    expect(act).toMatchObject({ kind: 'alignment', principal: true, orderTypeId: 93, signedTypeId: 21 });
    expect(actFileName(act!, 7, 'docx')).toBe('arrete-7.docx');
  });

  test('a permission: its order, the alignment asked with it, the traffic order once granted', () => {
    expect(kinds({ type: 1 })).toEqual(['permission']);
    expect(kinds({ type: 3, hasAlignment: true })).toEqual(['permission', 'alignment']);
    expect(kinds({ type: 1, hasTrafficOrder: true, isFavorable: null })).toEqual(['permission']);
    expect(kinds({ type: 1, hasTrafficOrder: true, isFavorable: false })).toEqual(['permission']);
    expect(kinds({ type: 3, hasAlignment: true, hasTrafficOrder: true, isFavorable: true })).toEqual([
      'permission',
      'alignment',
      'traffic',
    ]);
  });

  test('each act has its own types, files and multipart field', () => {
    const acts = requestActs({ type: 1, hasAlignment: true, hasTrafficOrder: true, isFavorable: true });
    expect(acts.map((act) => [act.orderTypeId, act.signedTypeId, act.field])).toEqual([
      [93, 21, 'permission'],
      [1093, 1021, 'alignment'],
      [2093, 2021, 'traffic'],
    ]);
    expect(acts.map((act) => actFileName(act, 12, 'pdf'))).toEqual([
      'arrete-12.pdf',
      'arrete-alignement-12.pdf',
      'arrete-circulation-12.pdf',
    ]);
    expect(actFileName(acts[2]!, 12, 'signed')).toBe('arrete-circulation-signe-12.pdf');
    expect(ACT_MESSAGES.signedMissing(acts[2]!)).toBe(
      "Veuillez joindre l'arrêté de police de la circulation signé (un fichier PDF).",
    );
  });

  test('the acts whose order is not generated', () => {
    const subject = { type: 1 as const, hasAlignment: true, hasTrafficOrder: true, isFavorable: true };
    expect(actsWithoutOrder(subject, [93, 2093]).map((act) => act.kind)).toEqual(['alignment']);
    expect(actsWithoutOrder(subject, [93, 1093, 2093])).toEqual([]);
    expect(findAct(subject, 'traffic')?.title).toBe('Arrêté de police de la circulation');
    expect(findAct({ type: 1 }, 'traffic')).toBeUndefined();
  });

  test('the templates: the permission by its decision, the alignment by its own, the traffic order by kind', () => {
    const decisions = { type: 3 as const, isFavorable: true, alignmentIsFavorable: false };
    expect(actTemplate('permission', decisions)).toEqual({ modeleId: 3 });
    expect(actTemplate('permission', { ...decisions, isFavorable: false })).toEqual({ modeleId: 4 });
    expect(actTemplate('alignment', decisions)).toEqual({ modeleId: 5 });
    expect(actTemplate('alignment', { ...decisions, alignmentIsFavorable: true })).toEqual({ modeleId: 2 });
    expect(actTemplate('traffic', decisions)).toEqual({ modeleKind: 'arrete_circulation' });
    // Kind 2: its own decision.
    expect(actTemplate('alignment', { type: 2, isFavorable: true })).toEqual({ modeleId: 2 });
    expect([orderModeleId(1, true), orderModeleId(2, false), orderModeleId(3, false)]).toEqual([1, 5, 4]);
  });
});

describe('an act is never deleted', () => {
  // Every way a request carries acts: each kind as the request's own and beside a permission.
  const SUBJECTS = [
    { type: 2 as const },
    { type: 1 as const, hasAlignment: true, hasTrafficOrder: true, isFavorable: true },
    { type: 3 as const, hasAlignment: true, hasTrafficOrder: true, isFavorable: true },
  ];
  const acts = SUBJECTS.flatMap((subject) => requestActs(subject));

  test('the subjects carry every act kind of the domain', () => {
    expect(new Set(acts.map((act) => act.kind))).toEqual(new Set(ACT_KINDS));
  });

  test('each act kind, generated or signed, is refused to everyone in every state with the same message', () => {
    const admin = { id: 1, roles: ['ROLE_ADMIN'] };
    const instructor = { id: 2, roles: ['ROLE_INSTRUCTEUR'] };
    const applicant = { id: 3, roles: ['ROLE_DEMANDEUR'] };
    const refusal = { ok: false, reason: 'state', message: DOCUMENT_DELETE_MESSAGES.protected };
    for (const act of acts) {
      const typeIds = [...act.orderTypeIds, act.signedTypeId];
      for (const typeDocumentId of typeIds) {
        expect(ACT_DOCUMENT_TYPE_IDS, `${act.kind} ${String(typeDocumentId)}`).toContain(typeDocumentId);
        for (const actor of [admin, instructor, applicant])
          for (const stateId of STATE_IDS)
            expect(
              canDeleteDocument(
                actor,
                { typeDocumentId, stdUserId: actor.id },
                { stateId, sendToSign: false, isFavorable: true },
              ),
              `${act.kind} ${String(typeDocumentId)} by ${actor.roles[0]!} in ${String(stateId)}`,
            ).toEqual(refusal);
      }
    }
    expect([...ACT_DOCUMENT_TYPE_IDS].sort((a, b) => a - b)).toEqual([20, 21, 93, 1021, 1093, 2021, 2093]);
  });
});

describe('the decision of a permission combined with an alignment', () => {
  const request: WorkflowRequest = {
    stateId: 3,
    type: 1,
    sendToSign: false,
    ownerId: 10,
    hasAlignment: true,
  };
  const instructor = { id: 20, roles: ['ROLE_INSTRUCTEUR'] };

  test('is one input: the permission and, under `alignement`, the alignment', () => {
    const result = apply(request, 'saveDecision', instructor, {
      isFavorable: true,
      commentDecision: 'Permission accordée',
      mailArreteSignes: [{ mail: 'mairie@capbreton.fr' }],
      decisionSinking: 'obligatoire',
      decisionRoadwayTrenchRecommended: 'CH6C',
      alignement: {
        isFavorable: false,
        commentDecision: 'Voie départementale',
        decisionHorsCompetence: true,
        rues: [{ name: 'RD 28', competence: 'RD', points: [{ name: 'P1', distance: 1 }] }],
      },
    });
    expect(result).toMatchObject({
      ok: true,
      decisionFor: 'permission',
      request: {
        commentDecision: 'Permission accordée',
        mailArreteSignes: [{ mail: 'mairie@capbreton.fr' }],
      },
      decision: { isFavorable: true, decisionRoadwayTrenchRecommended: null },
      alignmentDecision: {
        isFavorable: false,
        commentDecision: 'Voie départementale',
        decisionHorsCompetence: true,
        rues: [{ name: 'RD 28', competence: 'RD', points: [] }],
      },
    });
    if (result.ok) expect(result.decision).not.toHaveProperty('alignement');
  });

  test('refuses a permission decision without the alignment, or an alignment without its choice', () => {
    expect(apply(request, 'saveDecision', instructor, { isFavorable: true })).toMatchObject({
      ok: false,
      reason: 'input',
      issues: [{ path: ['alignement'], message: "Veuillez renseigner la décision d'alignement." }],
    });
    const refused = apply(request, 'saveDecision', instructor, { isFavorable: true, alignement: {} });
    expect(refused).toMatchObject({ ok: false, reason: 'input' });
    if (!refused.ok && refused.reason === 'input')
      expect(refused.issues.map((issue) => issue.path.join('.'))).toEqual(['alignement.isFavorable']);
  });

  test('a permission without alignment keeps its own input (an `alignement` is ignored)', () => {
    const result = apply({ ...request, hasAlignment: false }, 'saveDecision', instructor, {
      isFavorable: true,
      alignement: { isFavorable: true },
    });
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.alignmentDecision).toBeUndefined();
  });
});

describe('completing the cerfa 14024', () => {
  const request: WorkflowRequest = {
    stateId: 9,
    type: 3,
    sendToSign: false,
    ownerId: 10,
    hasTrafficOrder: true,
  };

  test('returns the form to store, every field validated', () => {
    const admin = { id: 30, roles: ['ROLE_ADMIN'] };
    expect(
      apply(request, 'completeTrafficOrder', admin, { limitedSpeed: 30, id: 99, requestId: 1 }),
    ).toMatchObject({ ok: true, request: { stateId: 9 }, trafficOrder: { limitedSpeed: 30 } });
    const result = apply(request, 'completeTrafficOrder', admin, { directionTraffic: 'Sens unique' });
    expect(result).toMatchObject({ ok: false, reason: 'input' });
    const stored = apply(request, 'completeTrafficOrder', admin, {});
    if (stored.ok) expect(stored.trafficOrder).not.toHaveProperty('id');
  });
});
