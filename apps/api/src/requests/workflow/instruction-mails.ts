import type { Kysely } from 'kysely';
import { REQUEST_KIND_LABELS, type RequestKind } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { RequestListRow } from '../list-query.ts';
import { locationOf } from '../present-request.ts';

const FOOTER = ['', 'Ce message est envoyé automatiquement, merci de ne pas y répondre.'];

/** The request's page, for the links in mails. */
export function requestLink(publicUrl: string, request: Pick<RequestListRow, 'publicId'>): string {
  return `${publicUrl}/dossiers/${request.publicId}`;
}

/** Distinct addresses, compared without case; empty ones dropped. */
export function distinctAddresses(addresses: readonly (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const address of addresses) {
    const trimmed = address?.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}

/** The applicant's addresses: the petitioner's e-mail and the filing account's. */
export async function applicantAddresses(db: Kysely<Database>, row: RequestListRow): Promise<string[]> {
  const owner =
    row.ownerUserId === null
      ? undefined
      : await db.selectFrom('stdUser').select('email').where('id', '=', row.ownerUserId).executeTakeFirst();
  return distinctAddresses([row.demandeurEmail, owner?.email]);
}

/** "n° 12 (Permission de voirie - Réseaux) concernant 3 rue des Pins, Tosse". */
export function describeRequest(row: RequestListRow): string {
  const kind = REQUEST_KIND_LABELS[row.type as RequestKind] ?? 'Demande';
  const place = [locationOf(row), row.addressCity].filter(Boolean).join(', ');
  return `n° ${String(row.id)} (${kind})${place ? ` concernant ${place}` : ''}`;
}

export interface RequestMail {
  to: readonly (string | null | undefined)[];
  subject: string;
  lines: readonly string[];
  context: string;
  link?: string;
  attachmentDocumentIds?: number[];
}

/** Queues one mail per address, in the caller's transaction, logged against the request. */
export async function enqueueRequestMail(trx: Kysely<Database>, row: RequestListRow, mail: RequestMail): Promise<void> {
  for (const to of distinctAddresses(mail.to)) {
    await enqueueMail(trx, {
      to,
      subject: mail.subject,
      text: ['Bonjour,', '', ...mail.lines, ...(mail.link ? ['', `Vous pouvez la consulter sur le portail : ${mail.link}`] : []), ...FOOTER].join('\n'),
      context: mail.context,
      requestId: row.id,
      userId: row.ownerUserId,
      attachmentDocumentIds: mail.attachmentDocumentIds ?? [],
    });
  }
}
