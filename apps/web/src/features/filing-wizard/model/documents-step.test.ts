import { missingMandatoryDocuments } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { documentErrors, documentSections } from './documents-step';
import { DOCUMENT_TYPES } from '../../../test/request-fixtures';

const ids = (entries: readonly { type: { id: number } }[]) => entries.map((entry) => entry.type.id);

describe('step 5 sections', () => {
  it('offers only the filing types; required ones are those of the kind', () => {
    const sections = documentSections(DOCUMENT_TYPES, { kind: 3, themes: '', missing: null });
    expect(sections.first.map((entry) => [entry.type.id, entry.required])).toEqual([
      [1, true],
      [3, true],
      [85, true],
    ]);
    // 'Arrêté de décision' (a decision type) is never offered.
    expect(sections.complementary.map((type) => type.id)).toEqual([5, 18]);
    // The same rule as the domain's (and the server's) for a creation.
    expect(Object.keys(documentErrors(sections, [3]))).toEqual(
      missingMandatoryDocuments(DOCUMENT_TYPES, { kind: 3, uploadedTypeIds: [3] }).map(
        (type) => `documents.${type.id}`,
      ),
    );
  });

  it('on completeness, asks exactly for the missing types, each required, and nothing else', () => {
    const sections = documentSections(DOCUMENT_TYPES, { kind: 3, themes: '', missing: [5] });
    expect(ids(sections.first)).toEqual([5]);
    expect(sections.first.filter((entry) => entry.required).map((entry) => entry.type.id)).toEqual([5]);
    expect(sections.complementary).toEqual([]);
    // An update with nothing missing (an admin's) offers the filing's pieces, none required.
    const admin = documentSections(DOCUMENT_TYPES, { kind: 3, themes: '', missing: [] });
    expect(ids(admin.first)).toEqual([1, 3, 85]);
    expect(admin.first.some((entry) => entry.required)).toBe(false);
    expect(documentErrors(sections, [])).toEqual({
      'documents.5': "La pièce « Photos » demandée pour la complétude n'a pas été envoyée.",
    });
  });
});
