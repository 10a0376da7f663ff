import { sql, type Kysely } from 'kysely';
import { REQUEST_KIND_LABELS, type RequestKind } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { distinctAddresses, requestLink } from '../workflow/instruction-mails.ts';

/** What the filing mails say of a request. */
export interface MailedRequest {
  id: number;
  publicId: string;
  type: RequestKind;
  ownerUserId: number | null;
  address: string;
}

const FOOTER = ['', 'Ce message est envoyé automatiquement, merci de ne pas y répondre.'];


/**
 * Who hears of new and completed requests: the active instructors. The recipients screen's
 * contacts (spec 2 §2.9) are the towns' and the signed orders' addressees, not the filing's.
 */
export async function instructorAddresses(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('stdUser as u')
    .innerJoin('userRole as ur', 'ur.userId', 'u.id')
    .select('u.email')
    .where('ur.roleCode', '=', 'ROLE_INSTRUCTEUR')
    .where('u.isActive', '=', true)
    .orderBy('u.id')
    .execute();
  return distinctAddresses(rows.map((row) => row.email));
}

/** The filing's mails, in its transaction: the applicant's acknowledgement, the instructors' notice. */
export async function enqueueFilingMails(
  trx: Kysely<Database>,
  request: MailedRequest,
  options: { publicUrl: string; petitionerEmail: string | null; ownerEmail: string | null },
): Promise<void> {
  const kind = REQUEST_KIND_LABELS[request.type];
  const number = String(request.id);
  for (const to of distinctAddresses([options.petitionerEmail, options.ownerEmail])) {
    await enqueueMail(trx, {
      to,
      subject: `Votre demande n° ${number} a bien été déposée`,
      text: [
        'Bonjour,',
        '',
        `Votre demande n° ${number} (${kind}) concernant ${request.address} a bien été déposée.`,
        'Elle est transférée pour instruction.',
        `Vous pouvez la suivre sur le portail : ${requestLink(options.publicUrl, request)}`,
        ...FOOTER,
      ].join('\n'),
      context: 'Dépôt de la demande',
      requestId: request.id,
      userId: request.ownerUserId,
    });
  }
  for (const to of await instructorAddresses(trx)) {
    await enqueueMail(trx, {
      to,
      subject: `Nouvelle demande n° ${number} à instruire`,
      text: ['Bonjour,', '', `Une nouvelle demande n° ${number} (${kind}) concernant ${request.address} a été déposée.`, `Dossier : ${requestLink(options.publicUrl, request)}`, ...FOOTER].join('\n'),
      context: 'Nouvelle demande à instruire',
      requestId: request.id,
    });
  }
}

/** The completion's mail: to the request's instructor, or to the instructors when none is set. */
export async function enqueueCompletionMails(
  trx: Kysely<Database>,
  request: MailedRequest & { instructeurId: number | null },
  options: { publicUrl: string },
): Promise<void> {
  const instructor = request.instructeurId
    ? await trx.selectFrom('stdUser').select('email').where('id', '=', request.instructeurId).where(sql<boolean>`is_active`).executeTakeFirst()
    : undefined;
  const recipients = instructor ? [instructor.email] : await instructorAddresses(trx);
  const number = String(request.id);
  for (const to of recipients) {
    await enqueueMail(trx, {
      to,
      subject: `Demande n° ${number} : complétude réalisée`,
      text: ['Bonjour,', '', `Le demandeur a complété la demande n° ${number} concernant ${request.address}.`, `Dossier : ${requestLink(options.publicUrl, request)}`, ...FOOTER].join('\n'),
      context: 'Complétude de la demande',
      requestId: request.id,
      userId: request.instructeurId,
    });
  }
}
