import { z } from 'zod';
import { formatDateFr, numberOfDays, toIsoDate } from './dates.ts';
import { RESTORATION_OPTIONS } from './decision-lists.ts';
import { splitList } from './lists.ts';
import { GeometryCollectionSchema, GeometrySchema } from './schemas/geometry.ts';
import type { StateId } from './states.ts';
import { GRANTED_WORKS_STATES } from './works-in-force.ts';

// Coordination of works (Code de la voirie routière L115-1 and R115-1 s.): which other
// permissions a request's works meet — footprints close together, periods that overlap — and
// which roads were resurfaced recently. The rules and defaults are here; the search itself runs
// in PostGIS (apps/api/src/coordination/). Definitions and legal references: docs/coordination.md.

/** The defaults an administrator may change (stored in `app_setting`). */
export const COORDINATION_DEFAULTS = {
  /** Two footprints closer than this (metres, 0 = touching) are in conflict when their periods overlap. */
  distanceMetres: 50,
  /** A road resurfaced less than this many years before the works is « récente » (L115-1). */
  resurfacingYears: 3,
} as const;

/** Bounds of the settings and of the coordination prescription. */
export const COORDINATION_LIMITS = {
  distanceMetres: { min: 0, max: 1000 },
  resurfacingYears: { min: 1, max: 10 },
  prescriptionMax: 2000,
} as const;

/** The `app_setting` keys of the settings. */
export const COORDINATION_SETTING_KEYS = {
  distanceMetres: 'coordination.distance_metres',
  resurfacingYears: 'coordination.resurfacing_years',
} as const;

/** Permissions in force: granted, works under way or awaiting their reception (works-in-force.ts). */
const IN_FORCE_STATES: readonly StateId[] = GRANTED_WORKS_STATES;
/** Permissions under instruction: filed, being completed, or their order being generated. */
export const UNDER_INSTRUCTION_STATES: readonly StateId[] = [3, 8, 9, 999];
/** Every state a permission may conflict in. */
export const COORDINATION_STATES: readonly StateId[] = [...IN_FORCE_STATES, ...UNDER_INSTRUCTION_STATES];
/** Received works (the reception dates their refection). */
export const RECEIVED_STATE: StateId = 2;

/** The decision's refections that redo the whole width of the road: they make a new surface. */
export const FULL_WIDTH_REFECTIONS = RESTORATION_OPTIONS.filter((option) =>
  option.startsWith('pleine largeur'),
);

export type ConflictStatus = 'inForce' | 'underInstruction';

export const CONFLICT_STATUS_LABELS: Readonly<Record<ConflictStatus, string>> = {
  inForce: 'En vigueur',
  underInstruction: 'En instruction',
};

/** Whether a permission in this state counts, and how: in force, under instruction, or not at all. */
export function conflictStatusOf(stateId: number): ConflictStatus | null {
  if ((IN_FORCE_STATES as readonly number[]).includes(stateId)) return 'inForce';
  if ((UNDER_INSTRUCTION_STATES as readonly number[]).includes(stateId)) return 'underInstruction';
  return null;
}

/** A works period, both days included ('YYYY-MM-DD'). */
export interface WorksPeriod {
  start: string;
  end: string;
}

/**
 * The works period of a request: its start and end days, the start alone when the end is missing
 * or before the start; null without a (valid) start — such works cannot be placed in time.
 */
export function worksPeriod(
  dateStart: string | null | undefined,
  dateEnd: string | null | undefined,
): WorksPeriod | null {
  const start = toIsoDate(dateStart);
  if (!start) return null;
  const end = toIsoDate(dateEnd);
  return { start, end: end && end >= start ? end : start };
}

/** Calendar days two periods share, both ends included: 1 when they share one day, 0 when apart. */
export function overlapDays(a: WorksPeriod, b: WorksPeriod): number {
  const start = a.start > b.start ? a.start : b.start;
  const end = a.end < b.end ? a.end : b.end;
  return Math.max(0, numberOfDays(start, end) ?? 0);
}

/**
 * The day `years` calendar years before `reference` (29 February gives 28 February): a surface
 * made after it is less than `years` old on the reference day.
 */
export function resurfacingCutoff(reference: string, years: number): string {
  const iso = toIsoDate(reference) ?? reference;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = year - years;
  const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const lastDay = month === 2 && day === 29 && !isLeap(target) ? 28 : day;
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
}

/**
 * True when a road resurfaced on `resurfacedOn` is less than `years` old on `reference` (the
 * works start, or today without one). A resurfacing dated after the reference (programmed) counts
 * too: the works would cut a surface that is not yet, or just, made.
 */
export function isRecentResurfacing(resurfacedOn: string, reference: string, years: number): boolean {
  return resurfacedOn > resurfacingCutoff(reference, years);
}

/** True when a decision's comma list of refections holds a full-width one. */
export function hasFullWidthRefection(refections: string | null | undefined): boolean {
  return splitList(refections).some((value) => (FULL_WIDTH_REFECTIONS as readonly string[]).includes(value));
}

// ---------------------------------------------------------------------------------------------
// Settings

const wholeNumber = (bounds: { min: number; max: number }, what: string) =>
  z
    .number({ error: `${what} : un nombre entier est attendu.` })
    .int({ error: `${what} : un nombre entier est attendu.` })
    .min(bounds.min, { error: `${what} : au moins ${String(bounds.min)}.` })
    .max(bounds.max, { error: `${what} : au plus ${String(bounds.max)}.` });

/** `PUT coordination/settings`: the distance in metres and the age of a recent surface in years. */
export const CoordinationSettingsSchema = z.object({
  distanceMetres: wholeNumber(COORDINATION_LIMITS.distanceMetres, 'Distance'),
  resurfacingYears: wholeNumber(COORDINATION_LIMITS.resurfacingYears, 'Ancienneté de la réfection'),
});
export type CoordinationSettings = z.infer<typeof CoordinationSettingsSchema>;

/**
 * The settings from their stored texts (`app_setting`): each stored value that is a valid
 * setting, else its default.
 */
export function coordinationSettingsOf(
  stored: Readonly<Record<string, string | undefined>>,
): CoordinationSettings {
  const read = <K extends keyof CoordinationSettings>(key: K): CoordinationSettings[K] => {
    const text = stored[COORDINATION_SETTING_KEYS[key]];
    const parsed = CoordinationSettingsSchema.shape[key].safeParse(text === undefined ? NaN : Number(text));
    return parsed.success ? parsed.data : COORDINATION_DEFAULTS[key];
  };
  return { distanceMetres: read('distanceMetres'), resurfacingYears: read('resurfacingYears') };
}

/** `GET coordination/settings`: the settings, their defaults, and the imported resurfacing layer. */
export const CoordinationSettingsViewSchema = CoordinationSettingsSchema.extend({
  defaults: CoordinationSettingsSchema,
  layer: z.object({
    /** Resurfaced roads imported. */
    count: z.number().int().nonnegative(),
    /** The most recent resurfacing day of the layer. */
    latestOn: z.iso.date().nullable(),
    /** When the layer was last imported. */
    importedAt: z.string().nullable(),
  }),
});
export type CoordinationSettingsView = z.infer<typeof CoordinationSettingsViewSchema>;

// ---------------------------------------------------------------------------------------------
// Conflicts of a request

/** Another permission whose works meet this request's: close footprints, overlapping periods. */
export const ConflictSchema = z.object({
  id: z.number().int(),
  publicId: z.string(),
  numaffaire: z.string().nullable(),
  type: z.number().int(),
  stateId: z.number().int(),
  stateName: z.string(),
  status: z.enum(['inForce', 'underInstruction']),
  /** Its works address line ('12 Rue des Pins, Capbreton'). */
  address: z.string(),
  dateStart: z.iso.date(),
  dateEnd: z.iso.date(),
  /** Metres between the two footprints (0: touching or overlapping), to the decimetre. */
  distanceMetres: z.number().nonnegative(),
  /** Calendar days both periods share (1 or more). */
  overlapDays: z.number().int().positive(),
  /** Its footprint, drawn beside this request's on the map. */
  geometry: GeometryCollectionSchema.nullable(),
});
export type Conflict = z.infer<typeof ConflictSchema>;

/** A road resurfaced recently near the footprint: by received works, or from the imported layer. */
export const RecentResurfacingSchema = z.object({
  /** 'reception': full-width refection of received works; 'layer': the imported layer. */
  source: z.enum(['reception', 'layer']),
  /** The received request's id, or the layer row's. */
  id: z.number().int(),
  /** The received request's public id (a link), null for the layer. */
  publicId: z.string().nullable(),
  label: z.string(),
  resurfacedOn: z.iso.date(),
  distanceMetres: z.number().nonnegative(),
  geometry: GeometrySchema.nullable(),
});
export type RecentResurfacing = z.infer<typeof RecentResurfacingSchema>;

export const CONFLICT_CHECK_TRIGGERS = ['filing', 'demand', 'decision'] as const;
export type ConflictCheckTrigger = (typeof CONFLICT_CHECK_TRIGGERS)[number];

export const CONFLICT_CHECK_LABELS: Readonly<Record<ConflictCheckTrigger, string>> = {
  filing: 'Au dépôt',
  demand: 'Recherche à la demande',
  decision: 'Avant la décision',
};

/** A recorded search (the latest of each trigger): when, by whom, what it found. */
export const ConflictCheckSchema = z.object({
  trigger: z.enum(CONFLICT_CHECK_TRIGGERS),
  checkedAt: z.string(),
  checkedBy: z.string().nullable(),
  conflictCount: z.number().int().nonnegative(),
  resurfacingCount: z.number().int().nonnegative(),
});
export type ConflictCheck = z.infer<typeof ConflictCheckSchema>;

/** Why no search applies to a request (null: it applies). */
export const COORDINATION_NOT_APPLICABLE = {
  notPermission:
    "La coordination des travaux concerne les permissions de voirie (pas les demandes d'alignement).",
  noFootprint: "La demande n'a pas d'emprise dessinée : aucune recherche possible.",
  noPeriod: "La demande n'a pas de dates de travaux : seules les réfections récentes sont recherchées.",
} as const;

/**
 * Most conflicts, and most resurfacings, a search lists: past it the works are among
 * so many others that the nearest are what an instructor reads, and the search stays short.
 */
export const COORDINATION_MAX_SHOWN = 100;

/** `GET request/{id}/conflicts` and `POST request/{id}/conflicts`: the coordination of a request. */
export const CoordinationReportSchema = z.object({
  requestId: z.number().int(),
  /** Why the search is partial or not made (COORDINATION_NOT_APPLICABLE), null when whole. */
  notice: z.string().nullable(),
  settings: CoordinationSettingsSchema,
  /** The day resurfacings are aged on: the works start, or today. */
  reference: z.iso.date(),
  conflicts: z.array(ConflictSchema),
  resurfacings: z.array(RecentResurfacingSchema),
  /** True when a list was cut at COORDINATION_MAX_SHOWN (the nearest, the most recent, kept). */
  limited: z.boolean(),
  checks: z.array(ConflictCheckSchema),
  abilities: z.object({ search: z.boolean() }),
});
export type CoordinationReport = z.infer<typeof CoordinationReportSchema>;

/** `POST request/{id}/conflicts`: a search on demand, or when the decision dialog opens. */
export const ConflictSearchInputSchema = z.object({
  trigger: z.enum(['demand', 'decision']).default('demand'),
});
export type ConflictSearchInput = z.infer<typeof ConflictSearchInputSchema>;

/** `POST coordination/resurfacing`: what the import of the layer did. */
export const ResurfacingImportResultSchema = z.object({
  read: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  skippedReasons: z.record(z.string(), z.number().int().nonnegative()),
  deleted: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
});
export type ResurfacingImportResult = z.infer<typeof ResurfacingImportResultSchema>;

/**
 * A first wording of the coordination prescription from what the search found, for the
 * instructor to adapt: the works to coordinate with, and the recent surfaces to restore in full.
 */
export function coordinationPrescriptionDraft(
  report: Pick<CoordinationReport, 'conflicts' | 'resurfacings'>,
): string {
  const sentences: string[] = [];
  if (report.conflicts.length > 0) {
    const works = report.conflicts
      .map(
        (conflict) =>
          `la demande n° ${String(conflict.id)} (travaux du ${formatDateFr(conflict.dateStart)} au ${formatDateFr(conflict.dateEnd)})`,
      )
      .join(', ');
    sentences.push(
      `Les travaux sont coordonnés avec ceux de ${works} : le bénéficiaire se rapproche des intervenants concernés avant leur démarrage afin d'organiser une intervention commune ou successive et une seule réfection.`,
    );
  }
  if (report.resurfacings.length > 0) {
    const last = [...report.resurfacings].sort((a, b) => b.resurfacedOn.localeCompare(a.resurfacedOn))[0]!;
    sentences.push(
      `La voie a été refaite le ${formatDateFr(last.resurfacedOn)} : la réfection est réalisée à l'identique, en pleine largeur.`,
    );
  }
  return sentences.join(' ');
}
