import { sql, type Kysely } from 'kysely';
import type { AlignmentStreet } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import type { RequestListRow } from '../list-query.ts';

/** The spec's decision names whose column differs (see db/schema/requests.ts). */
const COLUMN_OF: Readonly<Record<string, string>> = {
  decisionRejetEU: 'decisionRejetEu',
  decisionDebitLS: 'decisionDebitLs',
};

/** The cerfa 14023 decision as columns: renamed where the spec's name differs. */
function cerfaDecisionColumns(decision: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(decision).map(([key, value]) => [COLUMN_OF[key] ?? key, value ?? null]),
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
  decision: Record<string, unknown>,
  instructorId: number,
): Promise<void> {
  const { rues, ...fields } = decision as { rues?: AlignmentStreet[] } & Record<string, unknown>;
  await trx
    .updateTable('individualAlignmentRequest')
    .set({ ...(fields as object), instructeurId: instructorId, updatedAt: sql`now()` })
    .where('id', '=', alignmentId)
    .execute();
  await replaceStreets(trx, alignmentId, rues ?? []);
}

/**
 * Writes a validated decision (the domain's apply() output) where the request keeps it: the
 * cerfa 14023 of a permission — and, for a permission asked with an alignment, the alignment's
 * own decision (`alignmentDecision`, issue 18) — or the alignment and its streets for kind 2;
 * the instructor is recorded.
 */
export async function writeDecision(
  trx: Kysely<Database>,
  row: RequestListRow,
  decisions: { decision: Record<string, unknown>; alignmentDecision?: Record<string, unknown> | undefined },
  instructorId: number,
): Promise<void> {
  const request = await trx
    .selectFrom('request')
    .select(['cerfa14023Id', 'alignmentId'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  if (row.type === 2) {
    if (request.alignmentId !== null)
      await writeAlignmentDecision(trx, request.alignmentId, decisions.decision, instructorId);
  } else {
    if (request.cerfa14023Id !== null) {
      await trx
        .updateTable('cerfa14023')
        .set({
          ...(cerfaDecisionColumns(decisions.decision) as object),
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
