import { sql, type Kysely } from 'kysely';
import {
  ACT_NUMBER_DEFAULT_FORMAT,
  DOCUMENT_TYPE,
  actNature,
  formatActNumber,
  type ActKind,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { actSubject } from '../requests/acts/act-numbers.ts';

/** The act of each signed document type. */
const KIND_OF: Readonly<Record<number, ActKind>> = {
  [DOCUMENT_TYPE.SIGNED_DECISION_ORDER]: 'permission',
  [DOCUMENT_TYPE.SIGNED_ALIGNMENT_ORDER]: 'alignment',
  [DOCUMENT_TYPE.SIGNED_TRAFFIC_ORDER]: 'traffic',
};

/**
 * The register of the demo's signed acts (docs/acts.md), as the signatures would have kept it:
 * every signed order the demo stories hold, numbered in the order of its signature within its
 * Paris year, in the default format; each year's counter left at its last number.
 */
export async function seedDemoActRegister(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const signed = await trx
      .selectFrom('document as d')
      .innerJoin('request as r', 'r.id', 'd.requestId')
      .leftJoin('cerfa14023 as c', 'c.id', 'r.cerfa14023Id')
      .select([
        'd.id',
        'd.typeDocumentId',
        'd.createdAt',
        'd.stdUserId',
        'r.id as requestId',
        'r.type',
        'r.addressNum',
        'r.addressType',
        'r.addressName',
        'r.addressCity',
        'c.isFavorable',
        sql<number>`extract(year FROM d.created_at AT TIME ZONE 'Europe/Paris')::int`.as('year'),
      ])
      .where('d.typeDocumentId', 'in', Object.keys(KIND_OF).map(Number))
      .orderBy('d.createdAt')
      .orderBy('d.id')
      .execute();
    // After the numbers already given, if any (a demo seeded again after its requests went).
    const counters = await trx.selectFrom('actCounter').select(['year', 'lastSequence']).execute();
    const last = new Map(counters.map((counter) => [counter.year, counter.lastSequence]));
    const rows = signed.map((document) => {
      const sequence = (last.get(document.year) ?? 0) + 1;
      last.set(document.year, sequence);
      const kind = document.type === 2 ? 'alignment' : KIND_OF[document.typeDocumentId]!;
      const nature = actNature(kind, document.isFavorable);
      return {
        year: document.year,
        sequence,
        number: formatActNumber(ACT_NUMBER_DEFAULT_FORMAT, document.year, sequence),
        nature,
        subject: actSubject(nature, { ...document, id: document.requestId }),
        town: document.addressCity,
        requestId: document.requestId,
        documentId: document.id,
        recordedBy: document.stdUserId,
        signedAt: document.createdAt,
      };
    });
    if (rows.length === 0) return;
    await trx.insertInto('actRegister').values(rows).execute();
    // The demo's traffic orders were published when signed (docs/acts.md « Publication »), as
    // their signed PDF (no stamp, no PDF/A: a seed runs no Ghostscript), so /travaux shows them.
    await sql`INSERT INTO act_publication (act_id, published_at, storage_key, sha256, size)
      SELECT a.id, a.signed_at, d.storage_key, d.sha256, d.size
      FROM act_register a JOIN document d ON d.id = a.document_id
      WHERE a.nature = 'traffic' AND a.request_id IN (${sql.join(rows.map((row) => row.requestId))})
      ON CONFLICT (act_id) DO NOTHING`.execute(trx);
    await trx
      .insertInto('actCounter')
      .values([...last].map(([year, lastSequence]) => ({ year, lastSequence })))
      .onConflict((oc) =>
        oc.column('year').doUpdateSet((eb) => ({ lastSequence: eb.ref('excluded.lastSequence') })),
      )
      .execute();
  });
}
