import { describe, expect, test } from 'vitest';
import {
  alignmentNote,
  extensionRefusalNotice,
  isPermissionWithAlignment,
  requestTypeLabel,
} from './combined-request.ts';
import type { WorkflowRequest } from './workflow-table.ts';

const EXTENSION_REFUSED = "Seule une permission de voirie sans demande d'alignement peut être prolongée.";

describe('a permission filed with its alignment request', () => {
  test('named with its alignment in the list and the exports', () => {
    expect(requestTypeLabel({ type: 1, alignmentId: 7 })).toBe('Permission de voirie - Réseaux + alignement');
    expect(requestTypeLabel({ type: 3, alignmentId: 7 })).toBe(
      'Permission de voirie - Accès/Clôture + alignement',
    );
    expect(requestTypeLabel({ type: 1, alignmentId: null })).toBe('Permission de voirie - Réseaux');
    // An alignment request is one already: nothing added.
    expect(requestTypeLabel({ type: 2, alignmentId: 7 })).toBe("Demande d'alignement");
    expect(isPermissionWithAlignment({ type: 2, alignmentId: 7 })).toBe(false);
    expect(isPermissionWithAlignment({ type: 3, alignmentId: 7 })).toBe(true);
  });

  test('the 14023 mentions it in a line, with its reason when known', () => {
    expect(alignmentNote({ reasonRequest: 'Real cloture' })).toMatch(
      /^Une demande d'alignement individuel est jointe à cette demande \(motif : .+\)\.$/,
    );
    expect(alignmentNote({ reasonRequest: 'Autre', reasonRequestOther: ' Division du terrain ' })).toBe(
      "Une demande d'alignement individuel est jointe à cette demande (motif : Division du terrain).",
    );
    expect(alignmentNote({ reasonRequest: null })).toBe(
      "Une demande d'alignement individuel est jointe à cette demande.",
    );
  });
});

describe('extensionRefusalNotice', () => {
  const owner = { id: 10, roles: ['ROLE_USER', 'ROLE_DEMANDEUR'] };
  const other = { id: 12, roles: ['ROLE_USER', 'ROLE_DEMANDEUR'] };
  const inWorks = (overrides: Partial<WorkflowRequest> = {}): WorkflowRequest => ({
    stateId: 4,
    type: 1,
    sendToSign: false,
    ownerId: owner.id,
    hasAlignment: true,
    ...overrides,
  });

  test("the guard's words when only the alignment stands in the way", () => {
    expect(extensionRefusalNotice(owner, inWorks())).toBe(EXTENSION_REFUSED);
    expect(extensionRefusalNotice(owner, inWorks({ stateId: 12, type: 3 }))).toBe(EXTENSION_REFUSED);
  });

  test('nothing when the extension is offered, or refused for another reason', () => {
    expect(extensionRefusalNotice(owner, inWorks({ hasAlignment: false }))).toBeNull();
    // Not in works yet; not the viewer's request.
    expect(extensionRefusalNotice(owner, inWorks({ stateId: 3 }))).toBeNull();
    expect(extensionRefusalNotice(other, inWorks())).toBeNull();
  });
});
