import { sql, type Kysely } from 'kysely';
import { REQUEST_KIND_LABELS, type RequestKind } from '@voirie/domain';
import type { Database, InlineAttachment } from '../../db/schema/index.ts';
import { composeMail } from '../../mail/compose.ts';
import { inlineText } from '../../mail/mail-text.ts';
import { neutralNotice, type NoticeEvent } from '../../mail/neutral-notice.ts';
import { enqueueMail, type MailCause } from '../../mail/outbox.ts';
import type { RequestListRow } from '../list-query.ts';
import { locationOf } from '../present-request.ts';

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

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The applicant's addresses: the filing account's own (`account`, full mails), and the
 * petitioner's e-mail typed in the request when it is another (`typed`, neutral notices only).
 */
async function applicantRecipients(
  db: Kysely<Database>,
  row: Pick<RequestListRow, 'ownerUserId' | 'demandeurEmail'>,
): Promise<{ account: string | null; typed: string[] }> {
  const owner =
    row.ownerUserId === null
      ? undefined
      : await db.selectFrom('stdUser').select('email').where('id', '=', row.ownerUserId).executeTakeFirst();
  const account = owner?.email ?? null;
  return {
    account,
    typed: distinctAddresses([row.demandeurEmail]).filter((address) => !sameAddress(address, account)),
  };
}

/** "n° 12 (Permission de voirie - Réseaux) concernant 3 rue des Pins, Tosse" — the place cut to one short line. */
export function describeRequest(row: RequestListRow): string {
  const kind = REQUEST_KIND_LABELS[row.type as RequestKind] ?? 'Demande';
  const place = inlineText([locationOf(row), row.addressCity].filter(Boolean).join(', '));
  return `n° ${String(row.id)} (${kind})${place ? ` concernant ${place}` : ''}`;
}

export interface RequestMail {
  to: readonly (string | null | undefined)[];
  subject: string;
  /** Free text in them is cut (inlineText / blockText); composeMail escapes it for HTML. */
  lines: readonly string[];
  context: string;
  link?: string;
  attachmentDocumentIds?: number[];
  /** Small text attachments (an appointment's .ics invitation). */
  inlineAttachments?: InlineAttachment[];
  /** The account whose action sends it (capped per day when not staff). */
  cause?: MailCause;
}

/** The accounts of these addresses, by address in lower case. */
async function accountsOf(db: Kysely<Database>, addresses: readonly string[]): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .selectFrom('stdUser')
    .select(['id', sql<string>`lower(email)`.as('email')])
    .where(
      sql<string>`lower(email)`,
      'in',
      addresses.map((address) => address.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}

/**
 * Queues one mail per address, in the caller's transaction, logged against the request; returns
 * each address's outbox id (null: not queued).
 */
export async function enqueueRequestMail(
  trx: Kysely<Database>,
  row: RequestListRow,
  mail: RequestMail,
): Promise<(number | null)[]> {
  const content = composeMail({
    subject: mail.subject,
    lines: mail.lines,
    ...(mail.link ? { link: { intro: 'Vous pouvez la consulter sur le portail :', href: mail.link } } : {}),
  });
  const addresses = distinctAddresses(mail.to);
  const accounts = await accountsOf(trx, addresses);
  const ids: (number | null)[] = [];
  for (const to of addresses) {
    const id = await enqueueMail(trx, {
      to,
      ...content,
      context: mail.context,
      requestId: row.id,
      // The mail history shows each mail's recipient: its account when the address is one's.
      userId: accounts.get(to.toLowerCase()) ?? null,
      attachmentDocumentIds: mail.attachmentDocumentIds ?? [],
      inlineAttachments: mail.inlineAttachments ?? [],
      ...(mail.cause ? { cause: mail.cause } : {}),
    });
    ids.push(id);
  }
  return ids;
}

/**
 * Queues a mail to the applicant: in full to the filing account's own address; to an address
 * typed in the request, only the neutral notice (no text of the request, no attachment). Returns
 * the account mail's outbox id (null: no account, or not queued).
 */
export async function enqueueApplicantMail(
  trx: Kysely<Database>,
  row: RequestListRow,
  mail: Omit<RequestMail, 'to' | 'link'>,
  options: { publicUrl: string; event?: NoticeEvent },
): Promise<{ accountMailId: number | null }> {
  const { account, typed } = await applicantRecipients(trx, row);
  const link = requestLink(options.publicUrl, row);
  const [accountMailId = null] = await enqueueRequestMail(trx, row, { ...mail, to: [account], link });
  await enqueueNeutralNotices(trx, {
    requestId: row.id,
    link,
    to: typed,
    context: mail.context,
    event: options.event ?? 'updated',
    ...(mail.cause ? { cause: mail.cause } : {}),
  });
  return { accountMailId };
}

/**
 * The neutral notice (mail/neutral-notice.ts) to each address typed by an applicant, except an
 * address the same change already mailed about this request (its invitation, when the filing
 * invites it): one mail per address and change, never two.
 */
export async function enqueueNeutralNotices(
  trx: Kysely<Database>,
  notice: {
    requestId: number;
    link: string;
    to: readonly string[];
    context: string;
    event: NoticeEvent;
    cause?: MailCause;
  },
): Promise<void> {
  const content = composeMail(
    neutralNotice({ requestId: notice.requestId, link: notice.link, event: notice.event }),
  );
  // now() is the transaction's start: rows of this very transaction carry it.
  const mailed = await trx
    .selectFrom('mailOutbox')
    .select('toAddress')
    .where('requestId', '=', notice.requestId)
    .where('createdAt', '=', sql<Date>`now()`)
    .execute();
  const already = new Set(mailed.map((row) => row.toAddress.toLowerCase()));
  for (const to of distinctAddresses(notice.to).filter((address) => !already.has(address.toLowerCase()))) {
    await enqueueMail(trx, {
      to,
      ...content,
      context: notice.context,
      requestId: notice.requestId,
      userId: null,
      ...(notice.cause ? { cause: notice.cause } : {}),
    });
  }
}
