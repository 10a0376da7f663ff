import { describe, expect, test } from 'vitest';
import { STATE_IDS, type StateId } from './states.ts';
import {
  DOCUMENT_DELETE_MESSAGES,
  LETTER_KINDS,
  LETTER_MESSAGES,
  PHOTO_DISTANCE_WARNING_METRES,
  UNDELETABLE_TYPE_IDS,
  canDeleteDocument,
  isPhotoFarFromWorks,
  letterDraftSchema,
  letterModeleId,
  photoDistanceWarning,
  receptionDialogVariant,
  receptionFiles,
} from './works.ts';

describe('letterModeleId (docs/templates.md)', () => {
  test('the formal notice is template 6 and the road-disturbance minutes 10, whatever the request', () => {
    for (const type of [1, 2, 3] as const)
      for (const stateId of [2, 4, 6, 7, 12] as const)
        for (const receptionOption of [null, 'Photos', 'Rendez-vous']) {
          const request = { type, stateId, receptionOption };
          expect(letterModeleId('formalNotice', request)).toBe(6);
          expect(letterModeleId('disturbanceMinutes', request)).toBe(10);
        }
  });

  test('the minutes of an access development (kind 3) are template 7, even on photos or from 4', () => {
    expect(letterModeleId('minutes', { type: 3, stateId: 7, receptionOption: 'Rendez-vous' })).toBe(7);
    expect(letterModeleId('minutes', { type: 3, stateId: 7, receptionOption: 'Photos' })).toBe(7);
    expect(letterModeleId('minutes', { type: 3, stateId: 4 })).toBe(7);
    expect(letterModeleId('minutes', { type: 3, stateId: 12, receptionOption: null })).toBe(7);
  });

  test('other minutes: 8 for a reception on photos or from state 4, 9 otherwise', () => {
    expect(letterModeleId('minutes', { type: 1, stateId: 7, receptionOption: 'Photos' })).toBe(8);
    expect(letterModeleId('minutes', { type: 1, stateId: 12, receptionOption: 'Photos' })).toBe(8);
    expect(letterModeleId('minutes', { type: 1, stateId: 4 })).toBe(8);
    expect(letterModeleId('minutes', { type: 1, stateId: 4, receptionOption: 'Rendez-vous' })).toBe(8);
    expect(letterModeleId('minutes', { type: 1, stateId: 7, receptionOption: 'Rendez-vous' })).toBe(9);
    expect(letterModeleId('minutes', { type: 1, stateId: 6, receptionOption: 'Rendez-vous' })).toBe(9);
    expect(letterModeleId('minutes', { type: 1, stateId: 12, receptionOption: null })).toBe(9);
    expect(letterModeleId('minutes', { type: 2, stateId: 7, receptionOption: 'Rendez-vous' })).toBe(9);
  });
});

describe('letterDraftSchema', () => {
  const issuesOf = (kind: (typeof LETTER_KINDS)[number], draft: unknown) => {
    const parsed = letterDraftSchema(kind).safeParse(draft);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  };

  test('a reception letter needs an opinion, in French', () => {
    for (const kind of ['formalNotice', 'minutes'] as const) {
      expect(issuesOf(kind, {})).toEqual([{ path: ['avis'], message: 'Veuillez choisir un avis' }]);
      expect(issuesOf(kind, { avis: null })).toEqual([
        { path: ['avis'], message: 'Veuillez choisir un avis' },
      ]);
      expect(issuesOf(kind, { avis: 'peut-être' })).toEqual([
        { path: ['avis'], message: 'Veuillez choisir un avis' },
      ]);
    }
  });

  test('a formal notice follows a refusal only', () => {
    expect(issuesOf('formalNotice', { avis: 'accepté' })).toEqual([
      { path: ['avis'], message: LETTER_MESSAGES.formalNoticeNeedsRefusal },
    ]);
    expect(issuesOf('formalNotice', { avis: 'refusé', motifRefus: ['joints'] })).toEqual([]);
    expect(letterDraftSchema('formalNotice').parse({ avis: 'refusé' })).toMatchObject({
      avis: 'refusé',
      motifRefus: [],
      partieDomainePublic: [],
    });
  });

  test('minutes take either opinion; the road-disturbance minutes need none', () => {
    expect(issuesOf('minutes', { avis: 'accepté', partieDomainePublic: ['Trottoir'] })).toEqual([]);
    expect(issuesOf('minutes', { avis: 'refusé', motifRefus: ['autre'], motifRefusTxt: 'Bordure' })).toEqual(
      [],
    );
    expect(issuesOf('disturbanceMinutes', {})).toEqual([]);
  });

  test('the lists accept only their values', () => {
    expect(issuesOf('minutes', { avis: 'refusé', motifRefus: ['inconnu'] })).toHaveLength(1);
    expect(issuesOf('minutes', { avis: 'accepté', partieDomainePublic: ['Parking'] })).toHaveLength(1);
  });
});

describe('canDeleteDocument', () => {
  const applicant = { id: 10, roles: ['ROLE_DEMANDEUR'] };
  const otherApplicant = { id: 11, roles: ['ROLE_DEMANDEUR'] };
  const instructor = { id: 12, roles: ['ROLE_INSTRUCTEUR'] };
  const admin = { id: 13, roles: ['ROLE_ADMIN'] };
  const piece = { typeDocumentId: 18, stdUserId: applicant.id };
  const open = (stateId: StateId) => ({ stateId, sendToSign: false, isFavorable: null });

  test('its uploader, before the instruction: 3, 8 or 9 without decision, not in signature', () => {
    for (const stateId of [3, 8, 9] as const) {
      expect(canDeleteDocument(applicant, piece, open(stateId))).toEqual({ ok: true });
      expect(canDeleteDocument(applicant, piece, { ...open(stateId), isFavorable: undefined })).toEqual({
        ok: true,
      });
    }
  });

  test('not its uploader once the instruction started: another state, a decision, the signature', () => {
    const tooLate = { ok: false, reason: 'state', message: DOCUMENT_DELETE_MESSAGES.tooLate };
    for (const stateId of STATE_IDS.filter((id) => ![3, 8, 9].includes(id)))
      expect(canDeleteDocument(applicant, piece, open(stateId)), String(stateId)).toEqual(tooLate);
    expect(canDeleteDocument(applicant, piece, { ...open(3), sendToSign: true })).toEqual(tooLate);
    expect(canDeleteDocument(applicant, piece, { ...open(3), isFavorable: true })).toEqual(tooLate);
    expect(canDeleteDocument(applicant, piece, { ...open(9), isFavorable: false })).toEqual(tooLate);
  });

  test('an admin, in any state but 999 (the order being generated)', () => {
    for (const stateId of STATE_IDS.filter((id) => id !== 999)) {
      expect(canDeleteDocument(admin, piece, open(stateId)), String(stateId)).toEqual({ ok: true });
      expect(canDeleteDocument(admin, piece, { stateId, sendToSign: true, isFavorable: true })).toEqual({
        ok: true,
      });
    }
    expect(canDeleteDocument(admin, piece, open(999))).toEqual({
      ok: false,
      reason: 'state',
      message: DOCUMENT_DELETE_MESSAGES.tooLate,
    });
  });

  test('never an act, generated or signed, or a letter, not even by an admin', () => {
    expect([...UNDELETABLE_TYPE_IDS].sort((a, b) => a - b)).toEqual([
      20, 21, 93, 106, 108, 110, 1021, 1093, 1106, 2021, 2093,
    ]);
    const protectedRefusal = { ok: false, reason: 'state', message: DOCUMENT_DELETE_MESSAGES.protected };
    for (const typeDocumentId of [20, 21, 93, 106, 108, 110, 1106])
      for (const actor of [applicant, admin, instructor])
        for (const stateId of [3, 4, 12] as const)
          expect(
            canDeleteDocument(actor, { typeDocumentId, stdUserId: actor.id }, open(stateId)),
            `${String(typeDocumentId)} by ${String(actor.id)} in ${String(stateId)}`,
          ).toEqual(protectedRefusal);
  });

  test("another account's piece is refused for the role", () => {
    const notUploader = { ok: false, reason: 'role', message: DOCUMENT_DELETE_MESSAGES.notUploader };
    for (const actor of [otherApplicant, instructor])
      for (const stateId of [3, 8, 9, 4] as const)
        expect(canDeleteDocument(actor, piece, open(stateId))).toEqual(notUploader);
    expect(canDeleteDocument(applicant, { typeDocumentId: 18, stdUserId: null }, open(3))).toEqual(
      notUploader,
    );
  });
});

describe('photos far from the works', () => {
  test(`isPhotoFarFromWorks: beyond ${String(PHOTO_DISTANCE_WARNING_METRES)} m only, when the place is known`, () => {
    expect(PHOTO_DISTANCE_WARNING_METRES).toBe(200);
    expect(isPhotoFarFromWorks(null)).toBe(false);
    expect(isPhotoFarFromWorks(undefined)).toBe(false);
    expect(isPhotoFarFromWorks(Number.NaN)).toBe(false);
    expect(isPhotoFarFromWorks(0)).toBe(false);
    expect(isPhotoFarFromWorks(200)).toBe(false);
    expect(isPhotoFarFromWorks(200.5)).toBe(true);
    expect(isPhotoFarFromWorks(12_000)).toBe(true);
  });

  test('photoDistanceWarning: the distance rounded to the metre, in French', () => {
    expect(photoDistanceWarning(250.4)).toBe('Photo prise à 250 m des travaux (plus de 200 m).');
    expect(photoDistanceWarning(1234.6)).toBe('Photo prise à 1235 m des travaux (plus de 200 m).');
  });
});

describe('receptionDialogVariant (docs/screens.md)', () => {
  test('photos only once the reception is asked (6, 7); both options otherwise', () => {
    expect(receptionDialogVariant(6)).toBe('photos');
    expect(receptionDialogVariant(7)).toBe('photos');
    for (const stateId of STATE_IDS.filter((id) => id !== 6 && id !== 7))
      expect(receptionDialogVariant(stateId), String(stateId)).toBe('combined');
    expect(receptionDialogVariant(null)).toBe('combined');
  });
});

describe('receptionFiles: the reception request per kind', () => {
  const types = (files: readonly { typeDocumentId: number }[]) => files.map((file) => file.typeDocumentId);
  test('a network permission asks, with its photos, for its as-built plans and compaction results', () => {
    expect(receptionFiles(1, 'combined')).toEqual([
      { typeDocumentId: 104, required: true, max: 1 },
      { typeDocumentId: 105, required: true, max: 1 },
      { typeDocumentId: 102, required: false, max: 5 },
      { typeDocumentId: 103, required: false, max: 5 },
    ]);
  });
  test('an access permission asks for its two photos only; photos added in 6 or 7 are photos only', () => {
    expect(types(receptionFiles(3, 'combined'))).toEqual([104, 105]);
    expect(types(receptionFiles(3, 'photos'))).toEqual([104, 105]);
    expect(types(receptionFiles(1, 'photos'))).toEqual([104, 105]);
  });
});
