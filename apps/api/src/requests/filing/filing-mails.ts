import { sql, type Kysely } from 'kysely';
import { requestTypeLabel, type RequestKind } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { activeAddressesWithRole } from '../../accounts/user-repository.ts';
import { composeMail } from '../../mail/compose.ts';
import { inlineText } from '../../mail/mail-text.ts';
import { enqueueMail, type MailCause } from '../../mail/outbox.ts';
import { distinctAddresses, enqueueNeutralNotices, requestLink } from '../workflow/instruction-mails.ts';

/** What the filing mails say of a request. */
export interface MailedRequest {
  id: number;
  publicId: string;
  type: RequestKind;
  ownerUserId: number | null;
  /** The forms filed with a permission, when the mail names them. */
  forms?: { alignmentId: number | null; cerfa14024Id: number | null };
  /** The works site as the applicant typed it (cut to one short line in mails). */
  address: string;
  /** The applicant's and the beneficiary's names (partyName), when the mail names them. */
  parties?: { petitioner: string; beneficiary: string | null };
}

/** 'Demandeur : …' and, when the request names one, 'Bénéficiaire : …'. */
function partyLines(request: MailedRequest): string[] {
  if (!request.parties) return [];
  const { petitioner, beneficiary } = request.parties;
  return [
    ...(petitioner ? [`Demandeur : ${inlineText(petitioner)}`] : []),
    ...(beneficiary ? [`Bénéficiaire : ${inlineText(beneficiary)}`] : []),
  ];
}

/** The traffic-police order asked with the permission, when it was. */
function trafficOrderLines(request: MailedRequest): string[] {
  return request.forms?.cerfa14024Id
    ? ["Elle comprend une demande d'arrêté de police de la circulation (cerfa 14024)."]
    : [];
}

/**
 * Who hears of new and completed requests: the active instructors. The recipients screen's
 * contacts (docs/api-recipients.md "The screen") are the towns' and the signed orders' addressees,
 * not the filing's.
 */
export async function instructorAddresses(db: Kysely<Database>): Promise<string[]> {
  return distinctAddresses(await activeAddressesWithRole(db, 'ROLE_INSTRUCTEUR'));
}

/**
 * The filing's mails, in its transaction: the acknowledgement to the filer's own account; to the
 * petitioner's e-mail typed in the wizard, when another, only the neutral notice (no
 * text of the filing reaches an address the filer merely typed); the instructors' notice.
 */
export async function enqueueFilingMails(
  trx: Kysely<Database>,
  request: MailedRequest,
  options: {
    publicUrl: string;
    petitionerEmail: string | null;
    ownerEmail: string | null;
    cause?: MailCause;
    /** The acknowledgement of receipt's legal mentions (the domain's acknowledgementLines). */
    acknowledgement: readonly string[];
  },
): Promise<void> {
  const kind = requestTypeLabel({ type: request.type, alignmentId: request.forms?.alignmentId });
  const number = String(request.id);
  const place = inlineText(request.address);
  const link = requestLink(options.publicUrl, request);
  const owner = options.ownerEmail?.trim().toLowerCase() ?? null;
  const cause = options.cause ? { cause: options.cause } : {};
  for (const to of distinctAddresses([options.petitionerEmail, options.ownerEmail])) {
    if (to.toLowerCase() !== owner) {
      await enqueueNeutralNotices(trx, {
        requestId: request.id,
        link,
        to: [to],
        context: 'Dépôt de la demande',
        event: 'filed',
        ...cause,
      });
      continue;
    }
    await enqueueMail(trx, {
      to,
      ...composeMail({
        subject: `Accusé de réception de votre demande n° ${number}`,
        lines: [
          `Votre demande n° ${number} (${kind}) concernant ${place} a bien été déposée.`,
          ...trafficOrderLines(request),
          ...partyLines(request),
          'Elle est transférée pour instruction.',
          ...options.acknowledgement,
        ],
        link: { intro: 'Vous pouvez la suivre sur le portail :', href: link },
      }),
      context: 'Dépôt de la demande',
      requestId: request.id,
      userId: request.ownerUserId,
      ...cause,
    });
  }
  const notice = composeMail({
    subject: `Nouvelle demande n° ${number} à instruire`,
    lines: [
      `Une nouvelle demande n° ${number} (${kind}) concernant ${place} a été déposée.`,
      ...trafficOrderLines(request),
      ...partyLines(request),
    ],
    link: { intro: 'Dossier :', href: link },
  });
  for (const to of await instructorAddresses(trx)) {
    await enqueueMail(trx, {
      to,
      ...notice,
      context: 'Nouvelle demande à instruire',
      requestId: request.id,
      ...cause,
    });
  }
}

/** The request's instructor's address (an active account), else every active instructor's. */
export async function requestInstructorAddresses(
  db: Kysely<Database>,
  instructeurId: number | null,
): Promise<string[]> {
  const instructor = instructeurId
    ? await db
        .selectFrom('stdUser')
        .select('email')
        .where('id', '=', instructeurId)
        .where(sql<boolean>`is_active`)
        .executeTakeFirst()
    : undefined;
  return instructor ? [instructor.email] : instructorAddresses(db);
}

/** The completion's mail: to the request's instructor, or to the instructors when none is set. */
export async function enqueueCompletionMails(
  trx: Kysely<Database>,
  request: MailedRequest & { instructeurId: number | null },
  options: { publicUrl: string; cause?: MailCause },
): Promise<void> {
  const recipients = await requestInstructorAddresses(trx, request.instructeurId);
  const number = String(request.id);
  const content = composeMail({
    subject: `Demande n° ${number} : complétude réalisée`,
    lines: [`Le demandeur a complété la demande n° ${number} concernant ${inlineText(request.address)}.`],
    link: { intro: 'Dossier :', href: requestLink(options.publicUrl, request) },
  });
  for (const to of recipients) {
    await enqueueMail(trx, {
      to,
      ...content,
      context: 'Complétude de la demande',
      requestId: request.id,
      userId: request.instructeurId,
      ...(options.cause ? { cause: options.cause } : {}),
    });
  }
}
