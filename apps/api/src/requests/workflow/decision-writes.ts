import { sql, type Kysely } from 'kysely';
import type { AlignmentActDecisionInput, AlignmentStreet, SaveDecisionData } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import type { RequestListRow } from '../list-query.ts';

type PermissionDecision = Extract<SaveDecisionData, { decisionFor: 'permission' }>['decision'];
type AlignmentDecision =
  Extract<SaveDecisionData, { decisionFor: 'alignment' }>['decision'] | AlignmentActDecisionInput;

/** The spec's decision names whose column differs (see db/schema/requests.ts). */
const COLUMN_OF = new Map<string, string>([
  ['decisionRejetEU', 'decisionRejetEu'],
  ['decisionDebitLS', 'decisionDebitLs'],
]);
type ColumnOf<K> = K extends 'decisionRejetEU'
  ? 'decisionRejetEu'
  : K extends 'decisionDebitLS'
    ? 'decisionDebitLs'
    : K;

/** The cerfa 14023 columns a decision sets: a field the input emptied is stored as null. */
type DecisionColumns = {
  [K in keyof PermissionDecision as ColumnOf<K>]?: Exclude<PermissionDecision[K], undefined> | null;
};

/** The cerfa 14023 decision as columns: renamed where the spec's name differs. */
function cerfaDecisionColumns(decision: PermissionDecision): DecisionColumns {
  return Object.fromEntries(
    Object.entries(decision).map(([key, value]) => [COLUMN_OF.get(key) ?? key, value ?? null]),
  );
}

/** Replaces an alignment's streets and their points. */
async function replaceStreets(
  trx: Kysely<Database>,
  alignmentId: number,
  rues: readonly AlignmentStreet[],
): Promise<void> {
  await trx.deleteFrom('alignmentStreet').where('alignmentId', '=', alignmentId).execute();
  for (const [position, rue] of rues.entries()) {
    const { id } = await trx
      .insertInto('alignmentStreet')
      .values({ alignmentId, position, name: rue.name ?? null, competence: rue.competence ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const points = rue.points ?? [];
    if (points.length === 0) continue;
    await trx
      .insertInto('alignmentPoint')
      .values(
        points.map((point, index) => ({
          streetId: id,
          position: index,
          name: point.name ?? null,
          type: point.type ?? null,
          distance: point.distance ?? null,
        })),
      )
      .execute();
  }
}

/** Writes the alignment's decision and replaces its streets; the instructor is recorded. */
async function writeAlignmentDecision(
  trx: Kysely<Database>,
  alignmentId: number,
  decision: AlignmentDecision,
  instructorId: number,
): Promise<void> {
  const { rues, ...fields } = decision;
  await trx
    .updateTable('individualAlignmentRequest')
    .set({ ...fields, instructeurId: instructorId, updatedAt: sql`now()` })
    .where('id', '=', alignmentId)
    .execute();
  await replaceStreets(trx, alignmentId, rues ?? []);
}

/**
 * Writes a validated decision (the domain's apply() output) where the request keeps it: the
 * cerfa 14023 of a permission — and, for a permission asked with an alignment, the alignment's
 * own decision (`alignmentDecision`) — or the alignment and its streets for kind 2;
 * the instructor is recorded.
 */
export async function writeDecision(
  trx: Kysely<Database>,
  row: RequestListRow,
  decisions: SaveDecisionData,
  instructorId: number,
): Promise<void> {
  const request = await trx
    .selectFrom('request')
    .select(['cerfa14023Id', 'alignmentId'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  if (decisions.decisionFor === 'alignment') {
    if (request.alignmentId !== null)
      await writeAlignmentDecision(trx, request.alignmentId, decisions.decision, instructorId);
  } else {
    if (request.cerfa14023Id !== null) {
      await trx
        .updateTable('cerfa14023')
        .set({
          ...cerfaDecisionColumns(decisions.decision),
          instructeurId: instructorId,
          updatedAt: sql`now()`,
        })
        .where('id', '=', request.cerfa14023Id)
        .execute();
    }
    if (request.alignmentId !== null && decisions.alignmentDecision)
      await writeAlignmentDecision(trx, request.alignmentId, decisions.alignmentDecision, instructorId);
  }
  await trx
    .updateTable('request')
    .set({ instructeurId: instructorId })
    .where('id', '=', row.id)
    .where('instructeurId', 'is', null)
    .execute();
}
