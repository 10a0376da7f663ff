import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  ACT_NATURE_LABELS,
  PUBLIC_ACTS_PAGE_SIZE,
  PUBLIC_ACTS_URLS,
  signatoryLine,
  type PublicAct,
  type PublicActsPage,
  type PublicActsQuery,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { contains } from '../list-query.ts';

// The published acts as anyone reads them (docs/acts.md « Publication »): only acts whose
// publication is done, with their number, subject, town, signatory (the act shows them anyway,
// CRPA L212-1), dates and hash — never the applicant nor anyone else the request names.

function publishedQuery(db: Kysely<Database>) {
  return db
    .selectFrom('actPublication as p')
    .innerJoin('actRegister as a', 'a.id', 'p.actId')
    .where('p.publishedAt', 'is not', null)
    .where('p.publishedAt', '<=', sql<Date>`now()`);
}

const COLUMNS = [
  'a.number',
  'a.nature',
  'a.subject',
  'a.town',
  'a.signedAt',
  'a.signatoryName',
  'a.signatoryTitle',
  'p.publishedAt',
  'p.sha256',
  'p.size',
  'p.pdfa',
  'p.sealed',
  'p.late',
] as const;

type Row = {
  number: string;
  nature: keyof typeof ACT_NATURE_LABELS;
  subject: string;
  town: string | null;
  signedAt: Date | string;
  signatoryName: string | null;
  signatoryTitle: string | null;
  publishedAt: Date | string | null;
  sha256: string | null;
  size: number | null;
  pdfa: boolean;
  sealed: boolean;
  late: boolean;
};

function present(row: Row): PublicAct {
  const signatory = signatoryLine(row);
  return {
    number: row.number,
    natureLabel: ACT_NATURE_LABELS[row.nature],
    subject: row.subject,
    town: row.town,
    signedAt: new Date(row.signedAt).toISOString(),
    publishedAt: new Date(row.publishedAt!).toISOString(),
    signatory: signatory || null,
    sha256: row.sha256!,
    size: row.size,
    pdfa: row.pdfa,
    sealed: row.sealed,
    late: row.late,
    pdfUrl: PUBLIC_ACTS_URLS.pdf(row.number),
  };
}

/** `GET public/acts`: the published acts, newest first, searched by number, subject or town. */
export async function listPublicActs(db: Kysely<Database>, query: PublicActsQuery): Promise<PublicActsPage> {
  const filtered = () =>
    publishedQuery(db).where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.town) conditions.push(eb('a.town', '=', query.town));
      if (query.q) {
        const pattern = contains(query.q);
        conditions.push(
          sql<SqlBool>`search_normalize(a.number || ' ' || a.subject || ' ' || coalesce(a.town, '')) LIKE ${pattern}`,
        );
      }
      return eb.and(conditions);
    });
  const [rows, counted, towns] = await Promise.all([
    filtered()
      .select(COLUMNS)
      .orderBy('p.publishedAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(PUBLIC_ACTS_PAGE_SIZE)
      .offset((query.page - 1) * PUBLIC_ACTS_PAGE_SIZE)
      .execute(),
    filtered()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    publishedQuery(db)
      .select('a.town')
      .distinct()
      .where('a.town', 'is not', null)
      .orderBy('a.town')
      .execute(),
  ]);
  return {
    data: rows.map(present),
    total: counted.total,
    page: query.page,
    pages: Math.ceil(counted.total / PUBLIC_ACTS_PAGE_SIZE),
    towns: towns.map((row) => row.town!),
  };
}

/** `GET public/acts/{number}`: one published act, or undefined. */
export async function findPublicAct(db: Kysely<Database>, number: string): Promise<PublicAct | undefined> {
  const row = await publishedQuery(db).select(COLUMNS).where('a.number', '=', number).executeTakeFirst();
  return row ? present(row) : undefined;
}

/** Where the published PDF of an act is stored, or undefined when it is not published. */
export async function publishedActFile(
  db: Kysely<Database>,
  number: string,
): Promise<{ storageKey: string; sha256: string } | undefined> {
  const row = await publishedQuery(db)
    .select(['p.storageKey', 'p.sha256'])
    .where('a.number', '=', number)
    .executeTakeFirst();
  return row?.storageKey && row.sha256 ? { storageKey: row.storageKey, sha256: row.sha256 } : undefined;
}
