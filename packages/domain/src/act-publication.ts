import { z } from 'zod';
import { parisIsoDay } from './paris-time.ts';

// The electronic publication of regulatory acts (docs/acts.md « Publication », CGCT L2131-1 and
// R2131-1): a signed traffic order is put online, whole, stamped with the date and time it was
// published, in PDF/A, sealed, with its SHA-256; a public page per act and a list with search.
// A traffic measure applies only once published: the works are shown from that instant.

/** The public pages (web app) and the API's public addresses. */
export const PUBLIC_ACTS_URLS = {
  list: '/actes',
  page: (number: string) => `/actes/${encodeURIComponent(number)}`,
  api: '/api/public/acts',
  apiAct: (number: string) => `/api/public/acts/${encodeURIComponent(number)}`,
  pdf: (number: string) => `/api/public/acts/${encodeURIComponent(number)}/pdf`,
} as const;

export const PUBLICATION_TEXTS = {
  listTitle: 'Actes publiés',
  certificateTitle: 'Certificat de publication et de caractère exécutoire',
  notFound: 'Aucun acte publié ne porte ce numéro.',
  tooManyRequests: 'Trop de demandes depuis cette adresse : réessayez dans une minute.',
  late: 'Publié après la date de début des travaux prévue',
  failed: 'Publication en échec : nouvelle tentative automatique',
  sealed: 'Scellé par le cachet électronique de la collectivité',
  notSealed: 'Non scellé (aucun certificat de cachet configuré)',
} as const;

/** « Réessayer la publication » (`POST acts/{number}/publication`): its answers. */
export const ACT_PUBLICATION_MESSAGES = {
  noPublication:
    "Cet acte n'a pas de publication à reprendre : seuls les arrêtés de police de la circulation signés dans le portail sont publiés, les autres actes sont notifiés.",
  alreadyPublished: 'Cet acte est déjà publié.',
  inProgress: 'La publication de cet acte est en cours : réessayez dans quelques minutes si elle échoue.',
  published: (number: string) => `L'acte n° ${number} est publié.`,
  failed: (number: string) =>
    `La publication de l'acte n° ${number} a de nouveau échoué ; une nouvelle tentative aura lieu automatiquement dans cinq minutes.`,
} as const;

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

const PARIS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** « 30 novembre 2026 à 14 h 05 », in Paris time. */
export function frenchLongDateTime(at: Date): string {
  const parts = Object.fromEntries(PARIS_PARTS.formatToParts(at).map((part) => [part.type, part.value]));
  const month = MONTHS[Number(parts.month) - 1]!;
  const day = Number(parts.day) === 1 ? '1er' : String(Number(parts.day));
  return `${day} ${month} ${parts.year!} à ${parts.hour!} h ${parts.minute!}`;
}

/** The stamp on the first page of a published act (R2131-1: the date it was put online). */
export function publicationStamp(at: Date): string {
  return `Publié sous forme électronique le ${frenchLongDateTime(at)}`;
}

/**
 * A publication is late when it comes after the works' planned first day (Paris days): the
 * traffic measure could not apply from the start the request planned.
 */
export function isLatePublication(publishedAt: Date, plannedStart: string | null): boolean {
  if (!plannedStart) return false;
  return parisIsoDay(publishedAt) > plannedStart;
}

/** `GET public/acts`: free text (number, subject, town), a town, the page. */
export const PublicActsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  town: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type PublicActsQuery = z.infer<typeof PublicActsQuerySchema>;

/** Acts per page of the public list. */
export const PUBLIC_ACTS_PAGE_SIZE = 20;

/** A published act as anyone may read it: never a person but the signatory. */
export const PublicActSchema = z
  .object({
    number: z.string(),
    natureLabel: z.string(),
    subject: z.string(),
    town: z.string().nullable(),
    signedAt: z.string().meta({ description: 'Date et heure de la signature (ISO 8601).' }),
    publishedAt: z.string().meta({ description: 'Date et heure de la mise en ligne (ISO 8601).' }),
    signatory: z.string().nullable().meta({ description: 'Prénom, nom et qualité du signataire.' }),
    sha256: z.string().meta({ description: 'Empreinte SHA-256 du PDF publié, en hexadécimal.' }),
    size: z.number().int().nullable(),
    pdfa: z.boolean(),
    sealed: z.boolean(),
    late: z.boolean(),
    pdfUrl: z.string(),
  })
  .meta({ id: 'PublicAct' });
export type PublicAct = z.infer<typeof PublicActSchema>;

export const PublicActsPageSchema = z
  .object({
    data: z.array(PublicActSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    /** The towns of the published acts (the town filter's choices). */
    towns: z.array(z.string()),
  })
  .meta({ id: 'PublicActsPage' });
export type PublicActsPage = z.infer<typeof PublicActsPageSchema>;

/** The publication of an act in the register (staff). */
export const ActPublicationStateSchema = z
  .object({
    publishedAt: z.string().nullable(),
    late: z.boolean(),
    sealed: z.boolean(),
    pdfa: z.boolean(),
    /** The last attempt failed (retried): its reason. */
    error: z.string().nullable(),
  })
  .meta({ id: 'ActPublicationState' });
export type ActPublicationState = z.infer<typeof ActPublicationStateSchema>;
