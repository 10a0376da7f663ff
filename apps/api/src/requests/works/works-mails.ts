import { createEvent } from 'ics';
import type { Kysely } from 'kysely';
import type { Database, InlineAttachment } from '../../db/schema/index.ts';
import { requestInstructorAddresses } from '../filing/filing-mails.ts';
import type { RequestListRow } from '../list-query.ts';
import { locationOf } from '../present-request.ts';
import {
  describeRequest,
  enqueueRequestMail,
  requestLink,
  type RequestMail,
} from '../workflow/instruction-mails.ts';

/** The appointment's length in the invitation: the spec gives none, a site visit takes about an hour. */
const APPOINTMENT_MINUTES = 60;

/** Mails the request's instructor (every instructor when none is set), with the request's link. */
export async function enqueueInstructorMail(
  trx: Kysely<Database>,
  row: RequestListRow,
  mail: Omit<RequestMail, 'to' | 'link'>,
  options: { publicUrl: string },
): Promise<void> {
  await enqueueRequestMail(trx, row, {
    ...mail,
    to: await requestInstructorAddresses(trx, row.instructeurId),
    link: requestLink(options.publicUrl, row),
  });
}

/**
 * The .ics invitation of an accepted appointment (RFC 5545, through the `ics` library): an hour
 * at the works' place, with the request's link. Null if the date cannot be read.
 */
export function appointmentInvitation(
  row: RequestListRow,
  appointment: string,
  options: { publicUrl: string },
): InlineAttachment | null {
  const start = new Date(appointment);
  if (Number.isNaN(start.getTime())) return null;
  const place = [locationOf(row), row.addressCity].filter(Boolean).join(', ');
  const { error, value } = createEvent({
    uid: `reception-${String(row.id)}-${String(start.getTime())}@voirie`,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: APPOINTMENT_MINUTES },
    title: `Réception des travaux — demande n° ${String(row.id)}`,
    description: `Rendez-vous de réception des travaux de la demande ${describeRequest(row)}.`,
    location: place || undefined,
    url: requestLink(options.publicUrl, row),
    status: 'CONFIRMED',
    method: 'PUBLISH',
  });
  if (error || !value) return null;
  return {
    filename: 'rendez-vous.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: value,
  };
}
