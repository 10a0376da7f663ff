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
      added: 'Déposé le 20/02/2026 10:00',
    });
    expect(pdf?.opensInNewWindow).toBe(false);
    expect(listedDocuments({ documents: null, stateId: 4, viewer: applicant })).toEqual([]);
  });

  it('says when (Paris time) and, when the server names them, by whom each piece was put', () => {
    const [named, anonymous] = listedDocuments({
      documents: [
        {
          ...aDocument(1, 5),
          createdAt: '2026-07-01T22:30:00.000Z',
          uploader: { firstName: 'Claire', lastName: 'Dupont' },
        },
        { ...aDocument(2, 5), uploader: null },
      ],
      stateId: 4,
      viewer: applicant,
    });
    expect(named?.added).toBe('Déposé le 02/07/2026 00:30 par Claire Dupont');
    expect(anonymous?.added).toBe('Déposé le 20/02/2026 10:00');
  });
});
