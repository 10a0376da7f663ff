import type { Kysely } from 'kysely';
import {
  addMonths,
  countByKind,
  countByState,
  countByTown,
  deadlineFilterBounds,
  deadlineStanding,
  fillMonths,
  localitiesOfTown,
  townOfLocality,
  STATISTICS_MESSAGES,
  type DeadlineItem,
  type DurationFigure,
  type Statistics,
  type StatisticsQuery,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { parisToday } from '../requests/french-date.ts';
import {
  deadlineCountsQuery,
  deadlineItemsQuery,
  durationsQuery,
  volumeQuery,
  type DeadlineItemRow,
  type VolumeRow,
} from './statistics-queries.ts';

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function figure(count: number, median: number | null, p90: number | null): DurationFigure {
  return count === 0
    ? { count, median: null, p90: null }
    : { count, median: round1(median), p90: round1(p90) };
}

/** The month series' first and last months: the filters', else the data's (up to this month). */
function monthPeriod(query: StatisticsQuery, firstMonth: string | undefined, today: string) {
  const first = query.from?.slice(0, 7) ?? firstMonth;
  const last = query.to?.slice(0, 7) ?? today.slice(0, 7);
  return first ? { first, last: last < first ? first : last } : null;
}

/** Month rows ('YYYY-MM' from their rank in the series) summed over localities. */
function monthCounts(rows: readonly VolumeRow[], firstMonth: string | undefined) {
  const sums = new Map<string, number>();
  for (const row of rows) {
    if (row.bucket === null || firstMonth === undefined) continue;
    const month = addMonths(`${firstMonth}-01`, row.bucket - 1).slice(0, 7);
    sums.set(month, (sums.get(month) ?? 0) + row.count);
  }
  return [...sums].map(([month, count]) => ({ month, count }));
}

/** A listed request with its stored deadline, standing on `today` by the domain's rule. */
function deadlineItem(item: DeadlineItemRow, today: string): DeadlineItem {
  const standing = deadlineStanding(item.deadlineOn, today);
  return {
    publicId: item.publicId,
    numaffaire: item.numaffaire,
    type: item.type,
    stateId: item.stateId,
    town: townOfLocality(item.locality)?.name ?? item.locality ?? STATISTICS_MESSAGES.otherTown,
    filedOn: parisToday(new Date(item.depositDate)),
    deadline: item.deadlineOn,
    daysLeft: standing.daysLeft,
    status: standing.status,
  };
}

/**
 * `GET statistics` (docs/statistics.md): the figures of the requests filed in the period, of the
 * kind and town chosen, and today's requests near or past their legal deadline — computed in SQL
 * (statistics-queries.ts), folded into towns and labelled by the domain.
 */
export async function computeStatistics(
  db: Kysely<Database>,
  query: StatisticsQuery,
  options: { today?: string } = {},
): Promise<Statistics> {
  const today = options.today ?? parisToday();
  const volume = (await volumeQuery(query).execute(db)).rows;
  // The town of a request is the member town its locality names (validated at filing).
  const inTown = (row: { locality: string | null }) =>
    query.insee === undefined || townOfLocality(row.locality)?.insee === query.insee;
  const townLocalities = (rows: readonly { locality: string | null }[]) =>
    query.insee === undefined
      ? null
      : localitiesOfTown([...new Set(rows.map((row) => row.locality))], query.insee);
  const rows = volume.filter(inTown);
  const firstMonth = volume[0]?.firstMonth;
  const monthRows = rows.filter((row) => row.bucket !== null);

  const durations = (await durationsQuery({ ...query, localities: townLocalities(volume) }).execute(db))
    .rows[0];
  const bounds = deadlineFilterBounds(today);
  const allDeadlineCounts = (await deadlineCountsQuery({ type: query.type, bounds }).execute(db)).rows;
  const deadlineCounts = allDeadlineCounts.filter(inTown);
  // The deadline list's town filter needs every locality of the town, filed in any period.
  const items = (
    await deadlineItemsQuery({
      type: query.type,
      localities: townLocalities(allDeadlineCounts),
      bounds,
    }).execute(db)
  ).rows;

  const decided = durations?.decided ?? 0;
  const favourable = durations?.favourable ?? 0;
  const sumOf = (status: 'overdue' | 'near' | 'running') =>
    deadlineCounts.reduce((sum, row) => sum + row[status], 0);
  return {
    total: monthRows.reduce((sum, row) => sum + row.count, 0),
    byMonth: fillMonths(monthCounts(monthRows, firstMonth), monthPeriod(query, firstMonth, today)),
    byKind: countByKind(
      rows.filter((row) => row.type !== null).map((row) => ({ type: row.type!, count: row.count })),
    ),
    byState: countByState(
      rows.filter((row) => row.stateId !== null).map((row) => ({ stateId: row.stateId!, count: row.count })),
    ),
    byTown: countByTown(monthRows.map((row) => ({ locality: row.locality, count: row.count }))),
    durations: {
      filingToDecision: figure(decided, durations?.decisionMedian ?? null, durations?.decisionP90 ?? null),
      orderToReception: figure(
        durations?.received ?? 0,
        durations?.receptionMedian ?? null,
        durations?.receptionP90 ?? null,
      ),
    },
    decisions: { total: decided, favourable, share: decided === 0 ? null : favourable / decided },
    deadlines: {
      today,
      overdue: sumOf('overdue'),
      near: sumOf('near'),
      running: sumOf('running'),
      items: items.map((item) => deadlineItem(item, today)),
    },
  };
}
