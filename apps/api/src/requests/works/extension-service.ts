import { sql, type Kysely } from 'kysely';
import { STATE, acknowledgementLines, type RequestDetail } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { writeHistory } from '../../history/history.ts';
import { inlineText } from '../../mail/mail-text.ts';
import { loadRequestDetail } from '../detail/request-detail.ts';
import { instructorAddresses } from '../filing/filing-mails.ts';
import type { RequestListRow } from '../list-query.ts';
import type { Actor } from '../../policies/visibility.ts';
import {
  describeRequest,
  enqueueApplicantMail,
  enqueueRequestMail,
  requestLink,
} from '../workflow/instruction-mails.ts';
import { runTransition } from '../workflow/transition.ts';
import { startRequestClock } from '../../legal-clock/clock-writes.ts';
import { parisToday } from '../french-date.ts';
import { causeOf, type WorksDeps } from './works-deps.ts';

// The extension (prolongation, docs/screens.md "Request detail", docs/workflow.md "Transitions",
// docs/validation.md "Extension dialog"): the permission is duplicated with new works dates into a
// request filed for instruction (state 3) like any other; the original goes to 10.

/** The request columns an extension keeps from its original: what was asked, where, by whom. */
const KEPT_COLUMNS = [
  'type',
  'owner_user_id',
  'instructeur_id',
  'operator_perimeter_id',
  'is_beneficiaire',
  'the_geom',
  'lon',
  'lat',
  'plot_numbers',
  'sections',
  'way_type',
  'way_num',
  'in_urban',
  'extra_urban',
  'intra_urban',
  'urban_document',
  'operation_code',
  'address_num',
  'address_ext',
  'address_type',
  'address_name',
  'address_city',
  'address_postal_code',
  'place',
  'project',
  'numaffaire',
  'reference',
  'milestone_start1',
  'milestone_start2',
  'milestone_end1',
  'milestone_end2',
  'accuracy_information',
  'made_in',
  'made_date',
  'made_last_name',
  'made_first_name',
  'made_fonction',
] as const;

/** Copies a party (a new row: the extension's parties change apart from the original's). */
async function copyParty(trx: Kysely<Database>, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO petitioner (nature, title, last_name, first_name, corporation_name, corporation_siret,
      corporation_agent, corporation_agent_title, country, phone, phone_indicative, email, std_user_id,
      address_num, address_ext, address_type, address_name, address_city, address_postal_code, place)
    SELECT nature, title, last_name, first_name, corporation_name, corporation_siret,
      corporation_agent, corporation_agent_title, country, phone, phone_indicative, email, std_user_id,
      address_num, address_ext, address_type, address_name, address_city, address_postal_code, place
    FROM petitioner WHERE id = ${id}
    RETURNING id`.execute(trx);
  return rows[0]!.id;
}

/** Copies the form without its decision: the extension is decided anew. */
async function copyCerfa(trx: Kysely<Database>, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const form = await trx.selectFrom('cerfa14023').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const asked = Object.fromEntries(
    Object.entries(form).filter(
      ([name]) =>
        !name.startsWith('decision') &&
        ![
          'id',
          'createdAt',
          'updatedAt',
          'isFavorable',
          'commentDecision',
          'parapheurDecision',
          'instructeurId',
          'aerien',
        ].includes(name),
    ),
  );
  const { id: copy } = await trx
    .insertInto('cerfa14023')
    .values(asked as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return copy;
}

/** Writes the extension request, its addresses and the applicant's pieces; its id. */
async function duplicate(
  trx: Kysely<Database>,
  original: RequestListRow,
  dates: { dateStart: string; dateEnd: string; numberDays: number },
): Promise<number> {
  const source = await trx
    .selectFrom('request')
    .select(['petitionerId', 'beneficiaryId', 'cerfa14023Id'])
    .where('id', '=', original.id)
    .executeTakeFirstOrThrow();
  const [petitionerId, beneficiaryId, cerfaId] = [
    await copyParty(trx, source.petitionerId),
    await copyParty(trx, source.beneficiaryId),
    await copyCerfa(trx, source.cerfa14023Id),
  ];
  const columns = sql.join(KEPT_COLUMNS.map((column) => sql.ref(column)));
  const { rows } = await sql<{ id: number }>`
    INSERT INTO request (${columns}, state_id, petitioner_id, beneficiary_id, cerfa14023_id,
      extension_of_id, date_start, date_end, number_days)
    SELECT ${columns}, ${sql.lit(STATE.FILED)}, ${petitionerId}, ${beneficiaryId}, ${cerfaId},
      id, ${dates.dateStart}::date, ${dates.dateEnd}::date, ${dates.numberDays}
    FROM request WHERE id = ${original.id}
    RETURNING id`.execute(trx);
  const id = rows[0]!.id;
  await sql`
    INSERT INTO request_address (request_id, position, address_num, address_ext, address_type,
      address_name, address_city, address_postal_code, place, prescription)
    SELECT ${id}, position, address_num, address_ext, address_type, address_name, address_city,
      address_postal_code, place, prescription
    FROM request_address WHERE request_id = ${original.id}`.execute(trx);
  // The applicant's pieces (the stored files are shared: the store keeps one copy per content).
  await sql`
    INSERT INTO document (request_id, std_user_id, type_document_id, name, mime_type, size, sha256, storage_key)
    SELECT ${id}, d.std_user_id, d.type_document_id, d.name, d.mime_type, d.size, d.sha256, d.storage_key
    FROM document d JOIN type_document t ON t.id = d.type_document_id
    WHERE d.request_id = ${original.id} AND t.categorie IN ('demande', 'complétude')
    ORDER BY d.id`.execute(trx);
  return id;
}

/**
 * `POST request/extension/{id}`: the domain's 'extend' (4 or 12, a permission without an
 * alignment, the owner or an instructor or admin) with new dates; in one transaction the original
 * goes to 10 and its duplicate is filed in 3, both traced; the applicant and the instructors are
 * mailed. Answers the extension.
 */
export async function extendRequest(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  body: unknown,
): Promise<{ request: RequestDetail; notice: string }> {
  let extensionId = 0;
  const { result } = await runTransition(deps.db, actor, key, 'extend', body, {
    write: async ({ trx, row, result: applied }) => {
      const effect = applied.effects.find((candidate) => candidate.type === 'createExtension');
      if (effect?.type !== 'createExtension') throw new Error('extend without its extension');
      extensionId = await duplicate(trx, row, effect);
      const { rule, clock } = await startRequestClock(trx, extensionId, parisToday());
      const extension = { ...row, id: extensionId, publicId: await publicIdOf(trx, extensionId) };
      await writeHistory(trx, {
        entity: 'request',
        entityId: extensionId,
        actor: { id: actor.id, email: actor.email, picture: actor.picture },
        context: `Prolongation de la demande n°${String(row.id)}`,
        data: {
          action: 'file',
          to: 3,
          extensionOf: row.id,
          dateStart: effect.dateStart,
          dateEnd: effect.dateEnd,
        },
      });
      await enqueueApplicantMail(
        trx,
        extension,
        {
          subject: `Votre demande de prolongation n° ${String(extensionId)} a bien été déposée`,
          lines: [
            `La prolongation de la demande n° ${String(row.id)} a été déposée sous le n° ${String(extensionId)}, pour des travaux du ${inlineText(effect.dateStart)} au ${inlineText(effect.dateEnd)}.`,
            'Elle est transférée pour instruction.',
            ...acknowledgementLines({
              rule,
              receivedOn: clock.startedOn ?? parisToday(),
              deadlineOn: clock.deadlineOn ?? parisToday(),
              requestedStart: effect.dateStart,
            }),
          ],
          context: 'Dépôt de la demande',
          cause: causeOf(deps, actor),
        },
        { publicUrl: deps.publicUrl },
      );
      await enqueueRequestMail(trx, extension, {
        to: await instructorAddresses(trx),
        subject: `Nouvelle demande n° ${String(extensionId)} à instruire (prolongation)`,
        lines: [`La demande ${describeRequest(extension)} prolonge la demande n° ${String(row.id)}.`],
        context: 'Nouvelle demande à instruire',
        link: requestLink(deps.publicUrl, extension),
      });
      return { extension: extensionId, dateStart: effect.dateStart, dateEnd: effect.dateEnd };
    },
  });
  deps.onMailQueued();
  return { request: await loadRequestDetail(deps.db, actor, String(extensionId)), notice: result.notice };
}

async function publicIdOf(trx: Kysely<Database>, id: number): Promise<string> {
  const row = await trx
    .selectFrom('request')
    .select('publicId')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.publicId;
}
