import { describe, expect, it } from 'vitest';
import { listedDocuments } from './detail-documents';
import { aDocument } from './detail-fixtures';

const applicant = { roles: ['ROLE_DEMANDEUR'] };
const instructor = { roles: ['ROLE_INSTRUCTEUR'] };
const ids = (entries: { id: number }[]) => entries.map((entry) => entry.id);

describe('detail documents list', () => {
  it('never lists types 93, 106 and 108, even to an instructor', () => {
    const documents = [aDocument(1, 5), aDocument(2, 93), aDocument(3, 106), aDocument(4, 108)];
    expect(ids(listedDocuments({ documents, stateId: 4, viewer: instructor }))).toEqual([1]);
  });

  it('hides the decision annex (97) from an applicant in states 1 to 3 only', () => {
    const documents = [aDocument(1, 97)];
    for (const stateId of [1, 2, 3] as const) {
      expect(listedDocuments({ documents, stateId, viewer: applicant })).toEqual([]);
      expect(ids(listedDocuments({ documents, stateId, viewer: instructor }))).toEqual([1]);
    }
    expect(ids(listedDocuments({ documents, stateId: 4, viewer: applicant }))).toEqual([1]);
  });

  it('leaves reception documents to the reception dialog', () => {
    const documents = [aDocument(1, 5), aDocument(2, 104, { nature: 'réception' })];
    expect(ids(listedDocuments({ documents, stateId: 6, viewer: applicant }))).toEqual([1]);
  });

  it('gives name, type, url, and opens type 17 in a new window', () => {
    const [image, pdf] = listedDocuments({
      documents: [aDocument(1, 17), aDocument(2, 5)],
      stateId: 4,
      viewer: applicant,
    });
    expect(image).toEqual({
      id: 1,
      name: 'piece-1.pdf',
      typeName: 'Type 17',
      url: '/api/document/1/file',
      opensInNewWindow: true,
    });
    expect(pdf?.opensInNewWindow).toBe(false);
    expect(listedDocuments({ documents: null, stateId: 4, viewer: applicant })).toEqual([]);
  });
});
