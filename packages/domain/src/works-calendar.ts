import { z } from 'zod';
import { databaseIdText } from './schemas/ids.ts';
import { MapGeometrySchema } from './schemas/request-views.ts';
import { STATISTICS_MESSAGES } from './statistics.ts';
import { findTownByInseeCode } from './towns.ts';
import { TRAFFIC_IMPACT_LEVELS } from './traffic-impact.ts';
import { checkPeriod, isoDay, WORKS_PERIOD_MESSAGES } from './works-in-force.ts';

// The works calendar (/chantiers, docs/works-calendar.md): the granted permissions'
// works over a window of a few weeks, for the instructors, the administrators and the road
// managers (the capability readWorksCalendar; a road manager sees only the requests of its
// perimeters, as everywhere). The page shows those in force on a chosen day on the map and all of
// them on a timeline by town and road.

/** Longest window one call covers (days): a quarter. */
export const WORKS_CALENDAR_MAX_DAYS = 92;
/** Most works one answer carries (the soonest first); beyond, `truncated`. */
export const WORKS_CALENDAR_MAX_ITEMS = 1000;
/** The timeline's lengths offered, in weeks. */
export const WORKS_CALENDAR_WEEKS = [4, 6, 8] as const;
export type WorksCalendarWeeks = (typeof WORKS_CALENDAR_WEEKS)[number];
export const WORKS_CALENDAR_DEFAULT_WEEKS: WorksCalendarWeeks = 6;
/** Longest text filter. */
export const WORKS_CALENDAR_TEXT_MAX = 100;

export const WORKS_CALENDAR_MESSAGES = {
  kind: 'Type de permission inconnu : 1 (réseaux) ou 3 (accès/clôture).',
  operator: 'L’opérateur est désigné par son identifiant (un nombre entier).',
  text: `Le texte recherché compte au plus ${String(WORKS_CALENDAR_TEXT_MAX)} caractères.`,
} as const;

/** `GET works-calendar`: the window (required, at most WORKS_CALENDAR_MAX_DAYS days) and the filters. */
export const WorksCalendarQuerySchema = z
  .object({
    from: isoDay(WORKS_PERIOD_MESSAGES.from),
    to: isoDay(WORKS_PERIOD_MESSAGES.to),
    insee: z
      .string()
      .trim()
      .refine((value) => findTownByInseeCode(value) !== undefined, STATISTICS_MESSAGES.unknownTown)
      .optional(),
    type: z.coerce
      .number({ error: WORKS_CALENDAR_MESSAGES.kind })
      .pipe(z.literal([1, 3], { error: WORKS_CALENDAR_MESSAGES.kind }))
      .optional(),
    operator: databaseIdText(WORKS_CALENDAR_MESSAGES.operator).optional(),
    q: z.string().trim().max(WORKS_CALENDAR_TEXT_MAX, WORKS_CALENDAR_MESSAGES.text).optional(),
  })
  .superRefine((query, ctx) => checkPeriod(query, ctx, WORKS_CALENDAR_MAX_DAYS));
export type WorksCalendarQuery = z.infer<typeof WorksCalendarQuerySchema>;

const OperatorSchema = z.object({ id: z.number().int(), libelle: z.string() });

/** One works site of the calendar. */
export const WorksCalendarItemSchema = z.object({
  /** The opaque id of the request page (/dossiers/{publicId}). */
  publicId: z.string(),
  numaffaire: z.string().nullable(),
  type: z.number().int(),
  nature: z.string(),
  stateId: z.number().int(),
  stateName: z.string(),
  /** The member town (its name), or the locality as typed. */
  town: z.string(),
  insee: z.string().nullable(),
  /** Type and name of the street, without the number: the timeline's rows. */
  street: z.string().nullable(),
  /** Number, type and name, as the request list shows it. */
  location: z.string(),
  dateStart: z.iso.date(),
  /** Last day, included (the start day when no end was given). */
  dateEnd: z.iso.date(),
  operator: OperatorSchema.nullable(),
  impact: z.object({ level: z.enum(TRAFFIC_IMPACT_LEVELS), label: z.string() }),
  geometry: MapGeometrySchema.nullable(),
});
export type WorksCalendarItem = z.infer<typeof WorksCalendarItemSchema>;

/** The answer of `GET works-calendar`. */
export const WorksCalendarSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  items: z.array(WorksCalendarItemSchema),
  /** More works matched than an answer carries (WORKS_CALENDAR_MAX_ITEMS). */
  truncated: z.boolean(),
  /** The network operators of the window's works (the operator filter's choices). */
  operators: z.array(OperatorSchema),
});
export type WorksCalendar = z.infer<typeof WorksCalendarSchema>;
