import { z } from 'zod';
import { ACT_KINDS } from '../acts.ts';
import { FormalNoticeActSchema } from '../formal-notice.ts';
import { CLOCK_EVENT_KINDS, ClockViewSchema } from '../legal-clock.ts';
import { LIST_TABS, type ListTabKey } from '../states.ts';
import { WORKFLOW_ACTIONS } from '../workflow-table.ts';
import { Cerfa14024Schema } from './cerfa-14024.ts';
import { plainOf } from './plain.ts';
import { DetailPlaceSchema } from './detail-place.ts';
import { DocumentSchema } from './document.ts';
import type { GeometryCollection, SimpleGeometry } from './geometry.ts';
import { ReceptionSchema } from './reception.ts';
import { LinkedRequestsSchema, RequestLettersSchema } from './works-views.ts';
import { RequestSchema } from './request.ts';
import { StateSchema } from './state.ts';

// What the request routes answer (one typed contract): the list's rows and page, the
// detail. The API declares these as its response schemas — only declared fields leave it — and
// the web app reads its types from them.

/** A workflow action, as the API lists those a viewer may perform. */
export const WorkflowActionSchema = z.enum(WORKFLOW_ACTIONS);

/** What the list offers on a row, for the viewer (docs/screens.md "Request list"). */
export const ListAbilitiesSchema = z.object({
  open: z.boolean(),
  locate: z.boolean(),
  cancel: z.boolean(),
  mails: z.boolean(),
});
export type ListAbilities = z.infer<typeof ListAbilitiesSchema>;

/** A row of `GET request` (docs/screens.md "Request list"): what the list shows, for this viewer. */
export const RequestRowSchema = z.object({
  id: z.number().int(),
  publicId: z.string(),
  type: z.number().int(),
  /** The kind as the list names it, « + alignement » for a permission with its alignment. */
  typeLabel: z.string(),
  /** Its alignment request: kind 2's own, or the one a permission was filed with. */
  alignementId: z.number().int().nullable(),
  stateId: z.number().int(),
  state: z.object({ id: z.number().int(), name: z.string() }),
  sendToSign: z.boolean(),
  stateTooltip: z.string(),
  tab: z.number().int().nullable(),
  /** Instructors and admins only (null for others). */
  instructeurId: z.number().int().nullable(),
  instructeurInitials: z.string().nullable(),
  location: z.string(),
  addressNum: z.string().nullable(),
  addressType: z.string().nullable(),
  addressName: z.string().nullable(),
  demandeurPrenom: z.string().nullable(),
  demandeurNom: z.string().nullable(),
  demandeurCorporation: z.string().nullable(),
  demandeurCorporationAgent: z.string().nullable(),
  numaffaire: z.string().nullable(),
  addressCity: z.string().nullable(),
  depositDate: z.string(),
  dateStart: z.string().nullable(),
  dateEnd: z.string().nullable(),
  /** The legal clock's deadline ('YYYY-MM-DD'), null when it does not run. */
  deadlineOn: z.string().nullable(),
  /** Days from today (Paris) to the deadline: 0 or less once it is past. */
  daysLeft: z.number().int().nullable(),
  /** Where the deadline stands today: 'Dans les délais', 'Échéance < 7 jours', 'Dépassée'. */
  deadlineStatus: z.enum(['running', 'near', 'overdue']).nullable(),
  abilities: ListAbilitiesSchema,
});
export type RequestRow = z.infer<typeof RequestRowSchema>;

/** A change of the request's legal clock, as its history shows it (oldest first). */
export const ClockEventViewSchema = z.object({
  kind: z.enum(CLOCK_EVENT_KINDS),
  /** 'Délai démarré (dossier déposé)', 'Délai suspendu (pièces demandées)'… */
  label: z.string(),
  onDate: z.string(),
  /** The deadline after the change (null when the clock no longer runs). */
  deadlineOn: z.string().nullable(),
});
export type ClockEventView = z.infer<typeof ClockEventViewSchema>;

/** The list's pagination (`pagination` beside `data`). */
export const ListPaginationSchema = z.object({
  page: z.number().int(),
  numItemsPerPage: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  /**
   * True when more requests than `total` match: a text search is counted up to a cap
   * (LIST_SEARCH_COUNT_CAP), the list says « plus de 10 000 ». Absent otherwise.
   */
  capped: z.boolean().optional(),
});
export type ListPagination = z.infer<typeof ListPaginationSchema>;

/** Properties of a request's map feature. */
export const RequestFeaturePropertiesSchema = z.object({
  id: z.number().int(),
  publicId: z.string(),
  type: z.number().int(),
  stateId: z.number().int(),
  dateStart: z.string().nullable(),
  dateEnd: z.string().nullable(),
});
export type RequestFeatureProperties = z.infer<typeof RequestFeaturePropertiesSchema>;

/**
 * A map feature's geometry, built by PostGIS (simplified for the map's zoom). Checked loosely —
 * an object with a GeoJSON type — so that one odd shape never fails a list, and typed as GeoJSON.
 */
export const MapGeometrySchema = z
  .custom<SimpleGeometry | GeometryCollection>(
    (value) =>
      typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string',
  )
  .meta({
    description: 'Géométrie GeoJSON (EPSG:4326), simplifiée pour le zoom de la carte.',
    type: 'object',
  });

/** The map features of a list page. */
export const RequestFeaturesSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.number().int(),
      geometry: MapGeometrySchema.nullable(),
      properties: RequestFeaturePropertiesSchema,
    }),
  ),
});
export type RequestFeatures = z.infer<typeof RequestFeaturesSchema>;

/** A success envelope around `data` with keys of its own beside it (the detail's features…). */
function answerWith<D extends z.ZodType, E extends z.ZodRawShape>(data: D, extra: E) {
  return z.object({ success: z.literal(true), message: z.string(), data, ...extra });
}

/** `GET request`: the envelope with the page's rows, their map features and the pagination. */
export const RequestPageSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(RequestRowSchema),
  features: RequestFeaturesSchema,
  pagination: ListPaginationSchema,
});
export type RequestPage = z.infer<typeof RequestPageSchema>;

/**
 * One act of the request (acts.ts) and its latest order as DOCX and as PDF; `act` is
 * also the multipart field of its signed PDF.
 */
export const OrderActDocumentsSchema = z.object({
  act: z.enum(ACT_KINDS),
  /** 'Arrêté de permission de voirie', "Arrêté d'alignement individuel", 'Arrêté de police de la circulation'. */
  title: z.string(),
  docx: DocumentSchema.nullable(),
  pdf: DocumentSchema.nullable(),
});
export type OrderActDocuments = z.infer<typeof OrderActDocumentsSchema>;

/**
 * The latest orders (instructors and admins): `docx` and `pdf` the request's own act's (type 93),
 * `acts` every act of the request, its own first.
 */
export const OrderDocumentsSchema = z.object({
  docx: DocumentSchema.nullable(),
  pdf: DocumentSchema.nullable(),
  acts: z.array(OrderActDocumentsSchema),
});
export type OrderDocuments = z.infer<typeof OrderDocumentsSchema>;

/** The traffic-order form as returned: its fields' plain types (plain.ts). */
export const Cerfa14024ViewSchema = plainOf(Cerfa14024Schema);

/** `GET request/{id}`: the whole request as this viewer may see it, and what it may do on it. */
export const RequestDetailSchema = RequestSchema.extend({
  ...RequestRowSchema.shape,
  type: RequestSchema.shape.type,
  stateId: RequestSchema.shape.stateId,
  state: StateSchema,
  abilities: ListAbilitiesSchema.extend({ complete: z.boolean() }),
  /** The workflow actions the viewer may perform now, each with its route: the page shows exactly these. */
  actions: z.array(WorkflowActionSchema),
  /** Instructors and admins only: the latest generated or edited orders of the request's acts (null before any). */
  order: OrderDocumentsSchema.nullish(),
  /** Instructors and admins only: the signatory's last refusal. */
  signatureRefusal: z.string().nullish(),
  signatureRefusedAt: z.string().nullish(),
  /** The request's current works reception. */
  reception: ReceptionSchema.nullish(),
  /** The works-phase letters: instructors and admins see drafts, others the mailed ones. */
  letters: RequestLettersSchema,
  /** The latest reception's formal notice as an act of the register (docs/acts.md « Formal notice »). */
  formalNoticeAct: FormalNoticeActSchema,
  /** The extension's original and the original's extension. */
  linkedRequests: LinkedRequestsSchema,
  /** The reception and road-disturbance documents (nature 'réception'), for the reception dialog. */
  receptionDocuments: z.array(DocumentSchema),
  cerfa14024: Cerfa14024ViewSchema.nullish(),
  /** The works' parcels and road segments, and the instructor's name (detail-place.ts). */
  ...DetailPlaceSchema.shape,
  /**
   * The pieces asked for by the completeness request (`missingDocuments`), with their French
   * names, for whoever sees the request; the instructor's comment is `comment`, the date asked
   * `completenessDate`.
   */
  missingDocumentTypes: z.array(z.object({ id: z.number().int(), name: z.string() })).nullish(),
  /**
   * The legal clock on today, for whoever sees the request — the applicant too: it is
   * their legal information. Null when the request never had one (a draft, an old import).
   */
  clock: ClockViewSchema.nullable(),
  /** Its history: started, suspended, restarted, stopped, implicit decision. */
  clockEvents: z.array(ClockEventViewSchema),
});
export type RequestDetail = z.infer<typeof RequestDetailSchema>;

/**
 * `GET request/{id}`: the envelope with the request and, beside `data`, its footprint as the
 * list's map features (`features`, one feature or none).
 */
export const RequestDetailAnswerSchema = answerWith(RequestDetailSchema, { features: RequestFeaturesSchema });
export type RequestDetailAnswer = z.infer<typeof RequestDetailAnswerSchema>;

/** `GET request/count`: the visible requests per status tab, keyed by the tab's key. */
export const RequestCountsSchema = z.object(
  Object.fromEntries(LIST_TABS.map((tab) => [tab.key, z.number().int().min(0)])) as Record<
    ListTabKey,
    z.ZodNumber
  >,
);
export type RequestCounts = z.infer<typeof RequestCountsSchema>;

/** The visible requests per state, keyed by the state's id ('3': …), every state present. */
export const RequestStateCountsSchema = z.record(z.string().regex(/^\d+$/), z.number().int().min(0));
export type RequestStateCounts = z.infer<typeof RequestStateCountsSchema>;

/**
 * `GET request/count`: the envelope with the counts per tab in `data` (as the list's tabs read
 * them) and, beside it, the counts per state in `states`.
 */
export const RequestCountsAnswerSchema = answerWith(RequestCountsSchema, {
  states: RequestStateCountsSchema,
});
export type RequestCountsAnswer = z.infer<typeof RequestCountsAnswerSchema>;
