import {
  type Document,
  DOCUMENT_TYPE_NAMES,
  isDocumentListed,
  isReceptionDocumentType,
  parisDateTime,
  type PersonName,
  type StateId,
  UPLOAD_MESSAGES,
} from '@voirie/domain';

// The documents list of the detail screen (docs/screens.md "Documents list").

export const DOCUMENTS_TEXTS = {
  heading: 'Pièces jointes',
  empty: UPLOAD_MESSAGES.noDocuments,
  download: (name: string) => `Télécharger ${name}`,
  openImage: (name: string) => `Ouvrir l'image ${name} (nouvelle fenêtre)`,
  /** When it was put, and by whom when the server names them. */
  added: (when: string, by: string) => (by ? `Déposé le ${when} par ${by}` : `Déposé le ${when}`),
} as const;

/** 'Claire Dupont', or '' when the server does not name the person. */
export function personName(person: PersonName | null | undefined): string {
  return [person?.firstName, person?.lastName].filter(Boolean).join(' ');
}

/** The image type whose documents open in a new window instead of downloading. */
export const IMAGE_DOCUMENT_TYPE_ID = 17;

export interface DocumentEntry {
  id: number;
  name: string;
  typeName: string;
  url: string;
  opensInNewWindow: boolean;
  /** 'Déposé le 20/02/2026 10:00 par Claire Dupont'. */
  added: string;
}

/**
 * The documents this viewer sees: the server already filters, but the page applies the same
 * domain rule (93/106/108 never, 97 by state and role) so a stale or broader answer shows nothing
 * more. Reception documents belong to the reception dialog, not to this list.
 */
export function listedDocuments(args: {
  documents: readonly Document[] | null | undefined;
  stateId: StateId;
  viewer: { roles: readonly string[] } | null | undefined;
}): DocumentEntry[] {
  return (args.documents ?? [])
    .filter((document) =>
      isDocumentListed({
        typeDocumentId: document.typeDocumentId,
        stateId: args.stateId,
        viewer: args.viewer,
      }),
    )
    .filter((document) => !isReceptionDocumentType(document.typeDocument ?? {}))
    .map((document) => ({
      id: document.id,
      name: document.name,
      typeName: document.typeDocument?.name ?? DOCUMENT_TYPE_NAMES[document.typeDocumentId] ?? '',
      url: document.url,
      opensInNewWindow: document.typeDocumentId === IMAGE_DOCUMENT_TYPE_ID,
      added: DOCUMENTS_TEXTS.added(parisDateTime(document.createdAt), personName(document.uploader)),
    }));
}
