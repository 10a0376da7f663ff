import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ACT_PUBLICATION_MESSAGES, ACT_REGISTER_MESSAGES, isLatePublication } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { claimContents, releaseClaims } from '../../files/content-claims.ts';
import type { FileStore } from '../../files/file-store.ts';
import { putBytes } from '../../files/stored-bytes.ts';
import { writeHistory } from '../../history/history.ts';
import type { Actor } from '../../policies/visibility.ts';
import { publicationPdf, type PublicationPdfDeps } from './publication-pdf.ts';

// The electronic publication of traffic orders (docs/acts.md « Publication »). The row of
// `act_publication` is its own job: inserted pending in the signature's transaction, so a
// signature never lacks its publication; published just after the commit by the instance that
// signed (the heavy work — stamp, Ghostscript, seal — outside any transaction); if that instance
// dies or the attempt fails, any instance's scheduler takes it again once its claim has lapsed.
// A failed attempt keeps its reason on the row: the register shows it.

export interface PublicationDeps extends PublicationPdfDeps {
  store: FileStore;
}

/** How long an instance holds a publication it works on, and waits before retrying a failed one. */
const CLAIM = sql<Date>`now() + interval '5 minutes'`;

/** In the signature's transaction: the traffic orders just numbered await their publication. */
export async function queuePublications(
  trx: Kysely<Database>,
  numbers: readonly string[],
): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await trx
    .insertInto('actPublication')
    .columns(['actId'])
    .expression((eb) =>
      eb
        .selectFrom('actRegister')
        .select('id')
        .where('number', 'in', [...numbers])
        .where('nature', '=', 'traffic'),
    )
    .returning('actId')
    .execute();
  return rows.map((row) => row.actId);
}

/**
 * Takes a publication still to do, unless another instance holds it; true when taken. A claim
 * clears the last failure, so a row with an `error` is never being worked on: `now` (a staff's
 * « Réessayer la publication ») also takes a failed one before its automatic retry is due.
 */
async function claim(db: Kysely<Database>, actId: number, now: boolean): Promise<boolean> {
  const taken = await db
    .updateTable('actPublication')
    .set((eb) => ({ claimedUntil: CLAIM, attempts: eb('attempts', '+', 1), error: null }))
    .where('actId', '=', actId)
    .where('publishedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('claimedUntil', 'is', null),
        eb('claimedUntil', '<', sql<Date>`now()`),
        ...(now ? [eb('error', 'is not', null)] : []),
      ]),
    )
    .returning('actId')
    .executeTakeFirst();
  return taken !== undefined;
}

export interface PublishOptions {
  /** Whoever asked for it (« Réessayer la publication »), for the history; none: the portal. */
  actor?: Actor;
  /** Take a failed publication at once, before its automatic retry is due. */
  now?: boolean;
}

/**
 * Publishes one act: its signed PDF stamped with this instant, in PDF/A, sealed, stored, and its
 * row completed. Never throws: a failure is written on the row, retried later. True when published.
 */
export async function publishAct(
  deps: PublicationDeps,
  actId: number,
  options: PublishOptions = {},
): Promise<boolean> {
  if (!(await claim(deps.db, actId, options.now ?? false))) return false;
  try {
    const act = await deps.db
      .selectFrom('actRegister as a')
      .innerJoin('request as r', 'r.id', 'a.requestId')
      .leftJoin('document as d', 'd.id', 'a.documentId')
      .select([
        'a.number',
        'a.requestId',
        'd.storageKey',
        sql<string | null>`to_char(r.date_start, 'YYYY-MM-DD')`.as('dateStart'),
      ])
      .where('a.id', '=', actId)
      .executeTakeFirstOrThrow();
    const signed = act.storageKey ? await deps.store.read(act.storageKey) : null;
    if (!signed) throw new Error("Le PDF signé de l'acte est introuvable dans le stockage.");
    const at = new Date();
    const pdf = await publicationPdf(deps, new Uint8Array(signed), at);
    const sha256 = createHash('sha256').update(pdf.bytes).digest('hex');
    // Claimed until its row names it: the file sweeper leaves it alone meanwhile.
    const claims = await claimContents(deps.db, [sha256]);
    try {
      const stored = await putBytes(deps.store, pdf.bytes);
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('actPublication')
          .set({
            publishedAt: at,
            storageKey: stored.storageKey,
            sha256: stored.sha256,
            size: stored.size,
            pdfa: pdf.pdfa,
            sealed: pdf.sealed,
            late: isLatePublication(at, act.dateStart),
            error: null,
            claimedUntil: null,
            updatedAt: sql`now()`,
          })
          .where('actId', '=', actId)
          .execute();
        await writeHistory(trx, {
          entity: 'request',
          entityId: act.requestId,
          actor: options.actor ?? null,
          context: `Arrêté n° ${act.number} publié sous forme électronique`,
          data: { action: 'actPublished', number: act.number, sha256, pdfa: pdf.pdfa, sealed: pdf.sealed },
        });
      });
    } finally {
      await releaseClaims(deps.db, claims).catch(() => {});
    }
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await deps.db
      .updateTable('actPublication')
      .set({ error: reason.slice(0, 1000), claimedUntil: CLAIM, updatedAt: sql`now()` })
      .where('actId', '=', actId)
      .execute()
      .catch(() => {});
    return false;
  }
}

/** The publications no instance holds (failed, or their instance gone): tried again, oldest first. */
export async function retryPublications(deps: PublicationDeps, limit = 20): Promise<number> {
  const pending = await deps.db
    .selectFrom('actPublication')
    .select('actId')
    .where('publishedAt', 'is', null)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', sql<Date>`now()`)]))
    .orderBy('actId')
    .limit(limit)
    .execute();
  let published = 0;
  for (const { actId } of pending) if (await publishAct(deps, actId)) published += 1;
  return published;
}

/**
 * « Réessayer la publication » (`POST acts/{number}/publication`): the act's failed — or
 * abandoned — publication attempted now, through the same claim as the job's. True when
 * published; false when this attempt failed too (its reason on the row, retried as before).
 */
export async function publishNow(deps: PublicationDeps, actor: Actor, number: string): Promise<boolean> {
  const act = await deps.db
    .selectFrom('actRegister as a')
    .leftJoin('actPublication as p', 'p.actId', 'a.id')
    .select(['a.id', 'p.actId as publicationActId', 'p.publishedAt'])
    .where('a.number', '=', number)
    .executeTakeFirst();
  if (!act) throw new AppError('NOT_FOUND', ACT_REGISTER_MESSAGES.actNotFound);
  if (act.publicationActId === null) throw new AppError('CONFLICT', ACT_PUBLICATION_MESSAGES.noPublication);
  if (act.publishedAt !== null) throw new AppError('CONFLICT', ACT_PUBLICATION_MESSAGES.alreadyPublished);
  if (await publishAct(deps, act.id, { actor, now: true })) return true;
  // Not published: this attempt failed, or another held the row (published since, or at work).
  const row = await deps.db
    .selectFrom('actPublication')
    .select(['publishedAt', 'error'])
    .where('actId', '=', act.id)
    .executeTakeFirstOrThrow();
  if (row.publishedAt !== null) throw new AppError('CONFLICT', ACT_PUBLICATION_MESSAGES.alreadyPublished);
  if (row.error === null) throw new AppError('CONFLICT', ACT_PUBLICATION_MESSAGES.inProgress);
  return false;
}
