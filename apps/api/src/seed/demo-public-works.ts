import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import type { Cerfa14024Table } from '../db/schema/requests.ts';

// The works calendar and the public works map in the demo: the demo's random
// permissions awaiting reception ran months ago (their story ends before the seed's day), so a
// few of them are brought to the weeks around it — some under way, some to come — across the
// towns, with the demo operator's and in the road manager's town (Seignosse), several with a
// traffic-police order (cerfa 14024). No request is added: the demo keeps its count.

const DAY_MS = 86_400_000;

/** How many permissions are moved, and where their works fall (days from the seed's day). */
const PLAN: readonly { start: number; days: number; order?: Insertable<Cerfa14024Table> }[] = [
  {
    start: -12,
    days: 20,
    order: {
      directionTraffic: 'Fermeture à la circulation',
      detourRoute: 'Déviation par la route départementale.',
    },
  },
  { start: -6, days: 10, order: { alternatingCirculationManual: false, limitedSpeed: 30 } },
  { start: -20, days: 45 },
  { start: -1, days: 5, order: { limitedSpeed: 50, parkCar: true, parkTruck: true } },
  { start: 0, days: 3, order: { alternatingCirculationManual: true } },
  { start: 2, days: 7 },
  { start: 5, days: 14, order: { directionTraffic: 'Sens des PR croissants' } },
  { start: 8, days: 4 },
  {
    start: 12,
    days: 21,
    order: {
      directionTraffic: 'Fermeture à la circulation',
      detourRoute: 'Déviation fléchée par le centre-bourg.',
    },
  },
  { start: 15, days: 10, order: { wayRemoval: true, numberWayRemoved: 1 } },
  { start: 21, days: 6 },
  { start: 28, days: 30, order: { alternatingCirculationManual: false } },
  { start: 35, days: 5 },
  { start: -3, days: 25 },
];

interface Candidate {
  id: number;
  type: number;
  city: string | null;
  operatorId: number | null;
  cerfaId: number | null;
}

/** The moved permissions: the operator's and Seignosse's first, then others, by id. */
function choose(candidates: readonly Candidate[]): Candidate[] {
  const chosen = new Map<number, Candidate>();
  const take = (rows: readonly Candidate[], count: number) => {
    for (const row of rows.filter((candidate) => !chosen.has(candidate.id)).slice(0, count))
      chosen.set(row.id, row);
  };
  take(
    candidates.filter((row) => row.operatorId !== null),
    4,
  );
  take(
    candidates.filter((row) => row.city === 'Seignosse'),
    3,
  );
  // Every other one of the rest: spread over the towns.
  take(
    candidates.filter((_, index) => index % 2 === 0),
    PLAN.length,
  );
  return [...chosen.values()].slice(0, PLAN.length);
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Moves some demo permissions awaiting reception (state 4, filed over 120 days before `today`:
 * not the demo applicant's showcase) to works around `today` (UTC midnight of the seed's day),
 * with their traffic orders. Deterministic: the same seed and day move the same requests.
 */
export async function seedDemoPublicWorks(db: Kysely<Database>, options: { today: number }): Promise<void> {
  const { rows } = await sql<Candidate>`SELECT r.id, r.type, r.address_city AS city,
      r.operator_perimeter_id AS "operatorId", r.cerfa14023_id AS "cerfaId"
    FROM request r
    WHERE r.state_id = 4 AND r.type IN (1, 3) AND r.cerfa14024_id IS NULL
      AND r.deposit_date < ${new Date(options.today - 120 * DAY_MS).toISOString()}::timestamptz
    ORDER BY r.id`.execute(db);
  const chosen = choose(rows);
  await db.transaction().execute(async (trx) => {
    for (const [index, request] of chosen.entries()) {
      const plan = PLAN[index]!;
      const dateStart = isoDay(options.today + plan.start * DAY_MS);
      const dateEnd = isoDay(options.today + (plan.start + plan.days - 1) * DAY_MS);
      let cerfa14024Id: number | null = null;
      if (plan.order) {
        const order = await trx
          .insertInto('cerfa14024')
          .values({
            ...plan.order,
            durationRegulation: plan.days,
            dateRegulation: dateStart,
            encroachmentRoadway: true,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        cerfa14024Id = order.id;
        // The order is asked because the works open the carriageway.
        if (request.type === 1 && request.cerfaId !== null)
          await trx
            .updateTable('cerfa14023')
            .set({ longitudinalTrenchUnderRoad: 30 + index * 5 })
            .where('id', '=', request.cerfaId)
            .execute();
      }
      await trx
        .updateTable('request')
        .set({ dateStart, dateEnd, numberDays: plan.days, cerfa14024Id })
        .where('id', '=', request.id)
        .execute();
    }
  });
}
