import { z } from 'zod';
import { REQUEST_KIND_LABELS, REQUEST_KINDS, type RequestKind } from './kinds.ts';
import { STATES, type StateId } from './states.ts';
import { findTownByInseeCode, findTownByName, TOWNS } from './towns.ts';

// The statistics page (/statistics): what is counted and how, for the API
// that computes it in SQL and the page that draws it. Definitions: docs/statistics.md.

export const STATISTICS_MESSAGES = {
  title: 'Statistiques',
  periodOrder: 'La date de début doit précéder la date de fin.',
  unknownTown: "Cette commune n'est pas membre de la communauté.",
  /** The town of a request whose locality is not a member town's name. */
  otherTown: 'Autre localité',
} as const;

/** Longest period of the month series (20 years): beyond, the chart says nothing readable. */
export const STATISTICS_MAX_MONTHS = 240;
/** Most requests listed under the deadlines figure (the most urgent first). */
export const DEADLINE_ITEMS_MAX = 100;

const inseeCode = z
  .string()
  .trim()
  .refine((value) => findTownByInseeCode(value) !== undefined, STATISTICS_MESSAGES.unknownTown);

/** `GET statistics`: the filters, each optional (no period: every filing). */
export const StatisticsQuerySchema = z
  .object({
    from: z.iso.date({ error: 'La date de début doit être une date (AAAA-MM-JJ).' }).optional(),
    to: z.iso.date({ error: 'La date de fin doit être une date (AAAA-MM-JJ).' }).optional(),
    type: z.coerce
      .number()
      .pipe(z.literal(REQUEST_KINDS, { error: 'Type de demande inconnu.' }))
      .optional(),
    insee: inseeCode.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: STATISTICS_MESSAGES.periodOrder,
    path: ['to'],
  });
export type StatisticsQuery = z.infer<typeof StatisticsQuerySchema>;

const count = z.number().int().nonnegative();
/** A duration in days (fractional), null when nothing was measured. */
const days = z.number().nonnegative().nullable();

/** Median and 90th percentile of a duration, over `count` requests. */
export const DurationFigureSchema = z.object({ count, median: days, p90: days });
export type DurationFigure = z.infer<typeof DurationFigureSchema>;

export const DeadlineItemSchema = z.object({
  publicId: z.string(),
  numaffaire: z.string().nullable(),
  type: z.number().int(),
  stateId: z.number().int(),
  town: z.string(),
  /** Filing day (Europe/Paris). */
  filedOn: z.iso.date(),
  /** The stored clock's deadline: the day the delay runs out (docs/legal-deadlines.md). */
  deadline: z.iso.date(),
  /** Days from today to the deadline (0 or less: 'Dépassée'). */
  daysLeft: z.number().int(),
  status: z.enum(['overdue', 'near', 'running']),
});
export type DeadlineItem = z.infer<typeof DeadlineItemSchema>;

/** The answer of `GET statistics`. */
export const StatisticsSchema = z.object({
  /** Requests filed in the period (with the kind and town filters). */
  total: count,
  byMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), count })),
  byKind: z.array(z.object({ type: z.number().int(), label: z.string(), count })),
  byState: z.array(z.object({ stateId: z.number().int(), label: z.string(), count })),
  byTown: z.array(z.object({ insee: z.string().nullable(), name: z.string(), count })),
  durations: z.object({ filingToDecision: DurationFigureSchema, orderToReception: DurationFigureSchema }),
  decisions: z.object({ total: count, favourable: count, share: z.number().min(0).max(1).nullable() }),
  /** Today's open requests whose clock runs (the period does not apply; kind and town do). */
  deadlines: z.object({
    today: z.iso.date(),
    overdue: count,
    near: count,
    running: count,
    items: z.array(DeadlineItemSchema),
  }),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

/** The member town of a request's locality (validated at filing as a member town's name), or null. */
export function townOfLocality(locality: string | null | undefined): { insee: string; name: string } | null {
  const town = findTownByName(locality);
  return town ? { insee: town.inseeCode, name: town.name } : null;
}

/** Counts per locality folded into member towns (in the towns' order), others last. */
export function countByTown(
  rows: readonly { locality: string | null; count: number }[],
): Statistics['byTown'] {
  const counts = new Map<string | null, number>();
  for (const row of rows) {
    const insee = townOfLocality(row.locality)?.insee ?? null;
    counts.set(insee, (counts.get(insee) ?? 0) + row.count);
  }
  const towns = TOWNS.filter((town) => counts.has(town.inseeCode)).map((town) => ({
    insee: town.inseeCode,
    name: town.name,
    count: counts.get(town.inseeCode) ?? 0,
  }));
  const other = counts.get(null);
  return other ? [...towns, { insee: null, name: STATISTICS_MESSAGES.otherTown, count: other }] : towns;
}

/** The localities (as stored) that name the town `insee`. */
export function localitiesOfTown(localities: readonly (string | null)[], insee: string): string[] {
  return localities.filter((locality): locality is string => townOfLocality(locality)?.insee === insee);
}

/** 'YYYY-MM' months from `first` to `last`, both included (at most STATISTICS_MAX_MONTHS, the latest). */
export function monthsBetween(first: string, last: string): string[] {
  const index = (month: string) => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    return year * 12 + number - 1;
  };
  const end = index(last);
  const start = Math.max(index(first), end - STATISTICS_MAX_MONTHS + 1);
  const months: string[] = [];
  for (let value = start; value <= end; value++) {
    months.push(
      `${String(Math.floor(value / 12)).padStart(4, '0')}-${String((value % 12) + 1).padStart(2, '0')}`,
    );
  }
  return months;
}

/** Every month of the period with its count (0 where none was filed). */
export function fillMonths(
  rows: readonly { month: string; count: number }[],
  period: { first: string; last: string } | null,
): Statistics['byMonth'] {
  const counts = new Map(rows.map((row) => [row.month, row.count]));
  if (!period) return [];
  return monthsBetween(period.first, period.last).map((month) => ({ month, count: counts.get(month) ?? 0 }));
}

/** Counts per kind, every kind listed (in the type filter's order of ids). */
export function countByKind(rows: readonly { type: number; count: number }[]): Statistics['byKind'] {
  return REQUEST_KINDS.map((type: RequestKind) => ({
    type,
    label: REQUEST_KIND_LABELS[type],
    count: rows.filter((row) => row.type === type).reduce((sum, row) => sum + row.count, 0),
  }));
}

/** Counts per state, only the states that have requests, in the states' order. */
export function countByState(rows: readonly { stateId: number; count: number }[]): Statistics['byState'] {
  return STATES.map((state: { id: StateId; name: string }) => ({
    stateId: state.id,
    label: state.name,
    count: rows.filter((row) => row.stateId === state.id).reduce((sum, row) => sum + row.count, 0),
  })).filter((row) => row.count > 0);
}
