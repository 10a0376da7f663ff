import { describe, expect, test } from 'vitest';
import {
  DOCUMENT_TYPE,
  EXCLUDED_COMPLEMENTARY_NAMES,
  HIDDEN_DOCUMENT_TYPE_IDS,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_MIME_TYPES,
  checkUpload,
  checkUploadContent,
  sniffMimeType,
  complementaryDocumentTypes,
  firstSectionDocumentTypes,
  formalNoticeFileName,
  hasReceptionValidationDocument,
  isDecisionAnnexHidden,
  isDocumentListed,
  isExcludedComplementaryName,
  isMandatoryFor,
  isReceptionDocumentType,
  minutesTemplateId,
  missingMandatoryDocuments,
} from './documents.ts';
import type { StateId } from './states.ts';

const applicant = { roles: ['ROLE_DEMANDEUR'] };
const instructor = { roles: ['ROLE_INSTRUCTEUR'] };
const admin = { roles: ['ROLE_ADMIN'] };

describe('document type ids', () => {
  test('the ids of both specs', () => {
    expect(DOCUMENT_TYPE).toMatchObject({
      SITUATION_PLAN: 1,
      LOCALISATION_PLAN: 3,
      PHOTOS: 5,
      LONGITUDINAL_CUTS: 6,
      WORKS_PLAN: 8,
      TECHNICAL_CUTS: 9,
      CROSSING_PLAN: 10,
      LAYOUT_PLAN: 11,
      IMAGE: 17,
      COMPLEMENTARY: 18,
      DECISION_ORDER: 20,
      SIGNED_DECISION_ORDER: 21,
      ORDER: 93,
      DECISION_ANNEX: 97,
      FORMAL_NOTICE: 106,
      RECEPTION_MINUTES: 108,
      ROAD_DISTURBANCE_MINUTES: 110,
      ROAD_DISTURBANCE_PHOTO: 111,
      // Ours: the other acts' orders, generated and signed.
      ALIGNMENT_ORDER: 1093,
      SIGNED_ALIGNMENT_ORDER: 1021,
      TRAFFIC_ORDER: 2093,
      SIGNED_TRAFFIC_ORDER: 2021,
    });
    // The spec's three, and the other acts' generated orders (the order block offers them).
    expect(HIDDEN_DOCUMENT_TYPE_IDS).toEqual([93, 106, 108, 1093, 2093]);
  });
});

describe('documents list visibility', () => {
  test('93, 106 and 108 are never listed, whoever looks', () => {
    for (const typeDocumentId of [93, 106, 108]) {
      expect(isDocumentListed({ typeDocumentId, stateId: 4, viewer: admin })).toBe(false);
    }
    expect(isDocumentListed({ typeDocumentId: 21, stateId: 4, viewer: applicant })).toBe(true);
  });

  test.each([
    [1, true],
    [2, true],
    [3, true],
    [4, false],
    [5, false],
    [8, false],
  ] as const)('the decision annex in state %s is hidden from applicants: %s', (stateId: StateId, hidden) => {
    expect(isDecisionAnnexHidden({ typeDocumentId: 97, stateId, viewer: applicant })).toBe(hidden);
    expect(isDecisionAnnexHidden({ typeDocumentId: 97, stateId, viewer: instructor })).toBe(false);
    expect(isDecisionAnnexHidden({ typeDocumentId: 97, stateId, viewer: admin })).toBe(false);
    expect(isDocumentListed({ typeDocumentId: 97, stateId, viewer: null })).toBe(!hidden);
  });

  test('reception documents and reception validation', () => {
    expect(isReceptionDocumentType({ nature: 'réception' })).toBe(true);
    expect(isReceptionDocumentType({ nature: 'Reception' })).toBe(true);
    expect(isReceptionDocumentType({ nature: 'décision' })).toBe(false);
    expect(hasReceptionValidationDocument([1, 104])).toBe(false);
    for (const id of [106, 107, 108, 109]) expect(hasReceptionValidationDocument([id])).toBe(true);
  });
});

describe('uploads', () => {
  test('pdf, jpeg, png for requests; bmp for avatars and reception photos; 20 MB by default', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    expect(UPLOAD_MIME_TYPES.request).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(UPLOAD_MIME_TYPES.avatar).toContain('image/bmp');
    expect(UPLOAD_MIME_TYPES.receptionPhotos).toContain('image/bmp');
    expect(UPLOAD_MIME_TYPES.receptionCombined).not.toContain('image/bmp');
    expect(checkUpload('request', { mimeType: 'application/pdf', size: 1000 })).toBeNull();
    expect(checkUpload('request', { mimeType: 'image/bmp', size: 1000 })).toBe(
      "Ce type de fichier n'est pas accepté. Types acceptés : PDF, JPEG, PNG.",
    );
    expect(checkUpload('avatar', { mimeType: 'image/bmp', size: 1000 })).toBeNull();
    expect(checkUpload('request', { mimeType: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'Le fichier dépasse la taille maximale de 20 Mo.',
    );
    expect(checkUpload('request', { mimeType: 'application/pdf', size: 2_000_000 }, 1_572_864)).toBe(
      'Le fichier dépasse la taille maximale de 1,5 Mo.',
    );
    expect(checkUpload('request', { mimeType: 'application/pdf', size: 0 })).toBe(UPLOAD_MESSAGES.empty);
    expect(UPLOAD_MESSAGES.annexNotPdf(2)).toBe('L\'annexe 2 n\'est pas un type : "application/pdf"');
  });
});

describe('upload content (magic bytes)', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  const pdf = new TextEncoder().encode('%PDF-1.7\n');
  const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0);
  const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
  const elf = bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1);
  const windowsExe = new TextEncoder().encode('MZ\x90\x00');

  test('the type comes from the first bytes', () => {
    expect(sniffMimeType(pdf)).toBe('application/pdf');
    expect(sniffMimeType(png)).toBe('image/png');
    expect(sniffMimeType(jpeg)).toBe('image/jpeg');
    expect(sniffMimeType(elf)).toBeNull();
    expect(sniffMimeType(windowsExe)).toBeNull();
    expect(sniffMimeType(new TextEncoder().encode('hello'))).toBeNull();
  });

  test('an executable renamed, an empty file and an oversize file are refused with their message', () => {
    expect(checkUploadContent('request', { head: pdf, size: 9 })).toEqual({
      ok: true,
      mimeType: 'application/pdf',
    });
    expect(checkUploadContent('request', { head: windowsExe, size: 4 })).toEqual({
      ok: false,
      message: 'Le contenu du fichier ne correspond pas à un type accepté. Types acceptés : PDF, JPEG, PNG.',
    });
    expect(checkUploadContent('request', { head: new Uint8Array(), size: 0 })).toEqual({
      ok: false,
      message: 'Le fichier est vide.',
    });
    expect(checkUploadContent('request', { head: pdf, size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      ok: false,
      message: 'Le fichier dépasse la taille maximale de 20 Mo.',
    });
    // BMP is a real image but not accepted for a request's documents.
    expect(
      checkUploadContent('request', { head: bytes(0x42, 0x4d, ...new Array<number>(20).fill(0)), size: 22 })
        .ok,
    ).toBe(false);
    expect(
      checkUploadContent('avatar', { head: bytes(0x42, 0x4d, ...new Array<number>(20).fill(0)), size: 22 })
        .ok,
    ).toBe(true);
  });
});

describe('step 5 requirements', () => {
  const types = [
    {
      id: 1,
      name: 'Plan de situation 1/10000 ou 1/20000',
      isMandatory: true,
      isMandatoryReseaux: true,
      cerfa: 1,
    },
    {
      id: 8,
      name: 'Plan des travaux',
      isMandatory: false,
      isMandatoryReseaux: true,
      cerfa: 1,
      nature: 'pose_compteur',
    },
    { id: 85, name: 'Pièce 85', isMandatory: true, isMandatoryReseaux: false, cerfa: 2 },
    { id: 79, name: 'Pièce 79', isMandatory: true, isMandatoryReseaux: false, cerfa: 2 },
    { id: 18, name: 'Pièce complémentaire', isMandatory: false, isMandatoryReseaux: false },
    { id: 50, name: 'Plan cadastral', isMandatory: false, isMandatoryReseaux: false },
    { id: 51, name: 'PLAN DE MASSE DU PROJET', isMandatory: false, isMandatoryReseaux: false },
  ];

  test('kind 1 reads isMandatoryReseaux; kinds 2 and 3 isMandatory; 85, 79, 80 never required for kind 2', () => {
    expect(isMandatoryFor(types[1]!, 1)).toBe(true);
    expect(isMandatoryFor(types[1]!, 3)).toBe(false);
    expect(isMandatoryFor(types[2]!, 3)).toBe(true);
    expect(isMandatoryFor(types[2]!, 2)).toBe(false);
    expect(missingMandatoryDocuments(types, { kind: 2, uploadedTypeIds: [] }).map((t) => t.id)).toEqual([1]);
    expect(missingMandatoryDocuments(types, { kind: 1, uploadedTypeIds: [1] }).map((t) => t.id)).toEqual([8]);
  });

  test('the complementary section excludes the listed names and adds themed mandatory types', () => {
    expect(EXCLUDED_COMPLEMENTARY_NAMES).toHaveLength(9);
    expect(isExcludedComplementaryName('plan cadastral')).toBe(true);
    expect(isExcludedComplementaryName('Plan des travaux')).toBe(false);
    expect(complementaryDocumentTypes(types, { kind: 3, themes: [] }).map((t) => t.id)).toEqual([18]);
    expect(
      complementaryDocumentTypes(types, { kind: 3, themes: ['pose_compteur'] }).map((t) => t.id),
    ).toEqual([8, 18]);
    expect(complementaryDocumentTypes(types, { kind: 2, themes: [] }).map((t) => t.id)).toEqual([18]);
  });

  test('section 1 of an alignment request shows 85 as optional and hides 79', () => {
    expect(firstSectionDocumentTypes(types, 2).map(({ type, required }) => [type.id, required])).toEqual([
      [1, true],
      [85, false],
    ]);
    expect(firstSectionDocumentTypes(types, 1).map(({ type, required }) => [type.id, required])).toEqual([
      [1, true],
      [8, true],
    ]);
  });
});

describe('letters', () => {
  test('minutes template and formal notice name', () => {
    expect(minutesTemplateId({ isAccessDevelopment: true, stateId: 7 })).toBe(7);
    expect(minutesTemplateId({ isAccessDevelopment: false, receptionOption: 'Photos', stateId: 7 })).toBe(8);
    expect(minutesTemplateId({ isAccessDevelopment: false, stateId: 4 })).toBe(8);
    expect(
      minutesTemplateId({ isAccessDevelopment: false, receptionOption: 'Rendez-vous', stateId: 7 }),
    ).toBe(9);
    expect(formalNoticeFileName(42)).toBe('mise-en-demeure-42.docx');
  });
});

describe('filing messages', () => {
  test('a missing piece is named in the message', () => {
    expect(UPLOAD_MESSAGES.missingMandatory('Plan des travaux')).toBe(
      'La pièce « Plan des travaux » est obligatoire.',
    );
    expect(UPLOAD_MESSAGES.missingCompleteness('Photos')).toContain('« Photos »');
  });
});
