import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  ACT_MATTERS,
  ACT_NATURE_LABELS,
  ACT_NUMBER_DEFAULT_FORMAT,
  ACT_NUMBER_FORMAT_KEY,
  ACT_REGISTER_MESSAGES,
  ACT_REGISTER_PAGE_SIZE,
  canUser,
  formatActNumber,
  type ActNumbering,
  type ActTransmissionSettings,
  type ActNumberingView,
  type ActRegisterPage,
  type ActRegisterQuery,
  type RegisteredAct,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { writeAppSetting } from '../../db/app-settings.ts';
import { AppError } from '../../errors/app-error.ts';
import { writeHistory } from '../../history/history.ts';
import type { Actor, Viewer } from '../../policies/visibility.ts';
import { BOM, csvLine } from '../csv.ts';
import { parisToday } from '../french-date.ts';
import { readActNumberFormat } from './act-numbers.ts';
import { isTransmitted, readTransmittedNatures } from './act-transmission.ts';

// The register of acts (docs/acts.md): every signed act, in the order of its numbers — the
// order of signature — filtered by year, nature and town; its CSV in the columns of the SCDL
// « Délibérations » schema that fit an order; the administrator's number format.

export function registerQuery(db: Kysely<Database>, query: Omit<ActRegisterQuery, 'page'>) {
  return db
    .selectFrom('actRegister as a')
    .innerJoin('request as r', 'r.id', 'a.requestId')
    .leftJoin('stdUser as u', 'u.id', 'a.recordedBy')
    .leftJoin('actTransmission as t', 't.actId', 'a.id')
    .leftJoin('actNotification as n', 'n.actId', 'a.id')
    .leftJoin('actPublication as p', 'p.actId', 'a.id')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.year !== undefined) conditions.push(eb('a.year', '=', query.year));
      if (query.nature !== undefined) conditions.push(eb('a.nature', '=', query.nature));
      if (query.town) conditions.push(eb('a.town', '=', query.town));
      return eb.and(conditions);
    });
}

const REGISTER_COLUMNS = [
  'a.number',
  'a.year',
  'a.sequence',
  'a.nature',
  'a.subject',
  'a.town',
  'a.requestId',
  'r.publicId as requestPublicId',
  'a.documentId',
  'a.signedAt',
  sql<string | null>`nullif(concat_ws(' ', u.first_name, u.last_name), '')`.as('recordedBy'),
  'a.signatoryName',
  'a.signatoryTitle',
  sql<string | null>`to_char(t.received_on, 'YYYY-MM-DD')`.as('receivedOn'),
  't.identifier',
  'n.notifiedAt',
  'n.mode as notificationMode',
  'p.actId as publicationActId',
  'p.publishedAt',
  'p.late',
  'p.sealed',
  'p.pdfa',
  'p.error as publicationError',
] as const;

type RegisterRow = Awaited<ReturnType<ReturnType<typeof selectRegisterColumns>['execute']>>[number];

function selectRegisterColumns(db: Kysely<Database>, query: Omit<ActRegisterQuery, 'page'>) {
  return registerQuery(db, query).select(REGISTER_COLUMNS);
}

/** One act of the register as `GET acts` answers it, with what the viewer may do with it. */
function presentAct(
  {
    receivedOn,
    identifier,
    publicationActId,
    publishedAt,
    late,
    sealed,
    pdfa,
    publicationError,
    ...row
  }: RegisterRow,
  transmitted: ActTransmissionSettings,
  viewer: Viewer,
): RegisteredAct {
  return {
    ...row,
    natureLabel: ACT_NATURE_LABELS[row.nature],
    signedAt: new Date(row.signedAt).toISOString(),
    transmission: {
      required: isTransmitted(transmitted, row.nature),
      receivedOn,
      identifier,
    },
    notifiedAt: row.notifiedAt === null ? null : new Date(row.notifiedAt).toISOString(),
    publication:
      publicationActId === null
        ? null
        : {
            publishedAt: publishedAt === null ? null : new Date(publishedAt).toISOString(),
            late: late ?? false,
            sealed: sealed ?? false,
            pdfa: pdfa ?? false,
            error: publicationError,
          },
    abilities: {
      // A failed publication, not yet published: the job retries it, staff may at once.
      retryPublication:
        canUser(viewer, 'retryActPublication') && publishedAt === null && publicationError !== null,
    },
  };
}

/** `GET acts`: one page of the register, in date order (year, then number). */
export async function listActRegister(
  db: Kysely<Database>,
  viewer: Viewer,
  query: ActRegisterQuery,
): Promise<ActRegisterPage> {
  const [rows, counted, years, transmitted] = await Promise.all([
    selectRegisterColumns(db, query)
      .orderBy('a.year')
      .orderBy('a.sequence')
      .limit(ACT_REGISTER_PAGE_SIZE)
      .offset((query.page - 1) * ACT_REGISTER_PAGE_SIZE)
      .execute(),
    registerQuery(db, query)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('actCounter').select('year').orderBy('year', 'desc').execute(),
    readTransmittedNatures(db),
  ]);
  return {
    data: rows.map((row) => presentAct(row, transmitted, viewer)),
    total: counted.total,
    page: query.page,
    pages: Math.ceil(counted.total / ACT_REGISTER_PAGE_SIZE),
    years: years.map((row) => row.year),
  };
}

/** One act of the register by its number, as `GET acts` shows it (404 when unknown). */
export async function loadRegisteredAct(
  db: Kysely<Database>,
  viewer: Viewer,
  number: string,
): Promise<RegisteredAct> {
  const [row, transmitted] = await Promise.all([
    selectRegisterColumns(db, {}).where('a.number', '=', number).executeTakeFirst(),
    readTransmittedNatures(db),
  ]);
  if (!row) throw new AppError('NOT_FOUND', ACT_REGISTER_MESSAGES.actNotFound);
  return presentAct(row, transmitted, viewer);
}

export const ACT_REGISTER_CSV_HEADER = [
  'COLL_NOM',
  'ACTE_ID',
  'ACTE_DATE',
  'ACTE_NATURE',
  'ACTE_MATIERE_CODE',
  'ACTE_MATIERE_NOM',
  'ACTE_OBJET',
  'COMMUNE',
  // Beyond the SCDL schema's columns: who signed (docs/acts.md « Signatory »).
  'SIGNATAIRE_NOM',
  'SIGNATAIRE_FONCTION',
] as const;

/** `GET acts/export.csv`: the filtered register, every row, UTF-8 with BOM, « ; » separated. */
export async function actRegisterCsv(
  db: Kysely<Database>,
  query: Omit<ActRegisterQuery, 'page'>,
  producer: string,
): Promise<string> {
  const rows = await registerQuery(db, query)
    .select([
      'a.number',
      'a.nature',
      'a.subject',
      'a.town',
      'a.signatoryName',
      'a.signatoryTitle',
      sql<string>`to_char(a.signed_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD')`.as('day'),
    ])
    .orderBy('a.year')
    .orderBy('a.sequence')
    .execute();
  const lines = rows.map((row) =>
    csvLine([
      producer,
      row.number,
      row.day,
      ACT_NATURE_LABELS[row.nature],
      ACT_MATTERS[row.nature].code,
      ACT_MATTERS[row.nature].name,
      row.subject,
      row.town,
      row.signatoryName,
      row.signatoryTitle,
    ]),
  );
  return `${BOM}${csvLine(ACT_REGISTER_CSV_HEADER)}${lines.join('')}`;
}

/** `GET acts/numbering`: the format in force, its default, and the number it gives first. */
export async function loadActNumbering(db: Kysely<Database>): Promise<ActNumberingView> {
  const format = await readActNumberFormat(db);
  const year = Number(parisToday().slice(0, 4));
  return { format, defaultFormat: ACT_NUMBER_DEFAULT_FORMAT, example: formatActNumber(format, year, 1) };
}

/** `PUT acts/numbering`: the new format (checked by the schema) and its history entry, together. */
export async function saveActNumbering(
  db: Kysely<Database>,
  actor: Actor,
  numbering: ActNumbering,
): Promise<ActNumberingView> {
  await db.transaction().execute(async (trx) => {
    const before = await readActNumberFormat(trx);
    await writeAppSetting(trx, ACT_NUMBER_FORMAT_KEY, numbering.format);
    await writeHistory(trx, {
      entity: 'acts',
      entityId: null,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: "Format des numéros d'actes enregistré",
      data: { before, after: numbering.format },
    });
  });
  return loadActNumbering(db);
}
