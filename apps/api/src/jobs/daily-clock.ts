import { sql, type Kysely } from 'kysely';
import {
  PERMISSION_KINDS,
  RECEPTION_REFUSED_STATES,
  STATE,
  deadlineFrom,
  deadlineFilterBounds,
  formatDateFr,
  implicitDecisionMailLines,
  implicitDecisionText,
  REQUEST_KIND_LABELS,
  shiftDays,
  type LegalRule,
  type LegalRuleId,
  type RequestKind,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { writeHistory, type HistoryData } from '../history/history.ts';
import { composeMail } from '../mail/compose.ts';
import { inlineText } from '../mail/mail-text.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { requestInstructorAddresses } from '../requests/filing/filing-mails.ts';
import { rowsByIdsQuery, type RequestListRow } from '../requests/list-query.ts';
import {
  describeRequest,
  enqueueApplicantMail,
  enqueueRequestMail,
  requestLink,
} from '../requests/workflow/instruction-mails.ts';
import { loadLegalRules } from '../legal-clock/legal-rules-store.ts';
import { remindUnprovenNotifications } from './notification-reminders.ts';

// The legal clock's daily run (docs/legal-deadlines.md), for a given day: records the
// implicit decisions of the delays run out, mails each instructor a digest of the deadlines,
// reminds applicants to ask for the reception and instructors of the formal notices run out and
// of the acts whose notification is not proven (notification-reminders.ts).
// Each step is once per request, day or reception whatever runs it, as often as it runs: a
// compare-and-set on the request, or a `clock_notice` row inserted in the mail's transaction.
// The queue (jobs/scheduler.ts) decides who runs it; this only needs the day.

export interface DailyClockDeps {
  db: Kysely<Database>;
  publicUrl: string;
}

export interface DailyClockReport {
  implicitDecisions: number;
  digests: number;
  receptionReminders: number;
  formalNoticeReminders: number;
  notificationReminders: number;
}

/** Runs every step of the day `today` ('YYYY-MM-DD', a Paris day). */
export async function runDailyClock(deps: DailyClockDeps, today: string): Promise<DailyClockReport> {
  const rules = await loadLegalRules(deps.db);
  return {
    implicitDecisions: await recordImplicitDecisions(deps, rules, today),
    digests: await sendDigests(deps, today),
    receptionReminders: await remindReceptions(deps, rules, today),
    formalNoticeReminders: await remindFormalNotices(deps, today),
    notificationReminders: await remindUnprovenNotifications(deps, today),
  };
}

/** Inserts the notice's row; true for the one caller that inserted it (the one that mails). */
async function claimNotice(
  trx: Kysely<Database>,
  notice: { kind: string; key: string; requestId?: number; userId?: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('clockNotice')
    .values({
      kind: notice.kind,
      key: notice.key,
      requestId: notice.requestId ?? null,
      userId: notice.userId ?? null,
    })
    .onConflict((conflict) => conflict.columns(['kind', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

async function rowOf(db: Kysely<Database>, id: number): Promise<RequestListRow> {
  const { rows } = await rowsByIdsQuery([id]).execute(db);
  return rows[0]!;
}

/**
 * A reminder about a request, once: its `clock_notice` row, its mail and the request's history
 * entry in one transaction. True when this call sent it.
 */
async function remindOnce(
  db: Kysely<Database>,
  reminder: {
    kind: string;
    key: string;
    requestId: number;
    context: string;
    data: HistoryData;
    mail: (trx: Kysely<Database>, row: RequestListRow) => Promise<unknown>;
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { kind, key, requestId } = reminder;
    if (!(await claimNotice(trx, { kind, key, requestId }))) return false;
    await reminder.mail(trx, await rowOf(trx, requestId));
    await writeHistory(trx, {
      entity: 'request',
      entityId: requestId,
      actor: null,
      context: reminder.context,
      data: { action: kind, ...reminder.data },
    });
    return true;
  });
}

const ruleOf = (rules: Record<LegalRuleId, LegalRule>, id: string | null) =>
  rules[(id ?? 'permission') as LegalRuleId] ?? rules.permission;

/**
 * The requests whose delay ran out on or before `today` without a decision: the implicit decision
 * is recorded, dated by the deadline (the day silence became a decision), written in the
 * request's history and the clock's, and the applicant is told what it means and how to appeal.
 */
async function recordImplicitDecisions(
  deps: DailyClockDeps,
  rules: Record<LegalRuleId, LegalRule>,
  today: string,
): Promise<number> {
  const due = await deps.db
    .selectFrom('request')
    .select(['id', 'legalRule', 'clockDeadlineOn'])
    .where('clockDeadlineOn', '<=', today)
    .where('implicitDecisionOn', 'is', null)
    .orderBy('clockDeadlineOn')
    .orderBy('id')
    .execute();
  let recorded = 0;
  for (const candidate of due) {
    const decidedOn = candidate.clockDeadlineOn!;
    const rule = ruleOf(rules, candidate.legalRule);
    const won = await deps.db.transaction().execute(async (trx) => {
      // Compare-and-set: the deadline still the one read, and no decision recorded meanwhile.
      const updated = await trx
        .updateTable('request')
        .set({ implicitDecisionOn: decidedOn })
        .where('id', '=', candidate.id)
        .where('implicitDecisionOn', 'is', null)
        .where('clockDeadlineOn', '=', decidedOn)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return false;
      await trx
        .insertInto('legalClockEvent')
        .values({
          requestId: candidate.id,
          kind: 'implicitDecision',
          onDate: decidedOn,
          deadlineOn: decidedOn,
          ruleId: rule.id,
        })
        .execute();
      const text = implicitDecisionText(rule, decidedOn);
      await writeHistory(trx, {
        entity: 'request',
        entityId: candidate.id,
        actor: null,
        context: text,
        data: { action: 'implicitDecision', rule: rule.id, decidedOn, silence: rule.silence },
      });
      const row = await rowOf(trx, candidate.id);
      await enqueueApplicantMail(
        trx,
        row,
        {
          subject: `${text} — demande n° ${String(row.id)}`,
          lines: implicitDecisionMailLines({ rule, requestNumber: String(row.id), decidedOn }),
          context: rule.silence === 'worksMayStart' ? 'Délai expiré' : 'Décision implicite de rejet',
        },
        { publicUrl: deps.publicUrl },
      );
      return true;
    });
    if (won) recorded += 1;
  }
  return recorded;
}

/** The most lines of one section of a digest; the rest are counted. */
const DIGEST_MAX_LINES = 50;

interface DigestItem {
  id: number;
  publicId: string;
  type: number;
  addressCity: string | null;
  instructeurId: number | null;
  deadlineOn: string;
}

function digestLine(item: DigestItem, publicUrl: string): string {
  const kind = REQUEST_KIND_LABELS[item.type as RequestKind] ?? 'Demande';
  const place = item.addressCity ? `, ${inlineText(item.addressCity)}` : '';
  const assigned = item.instructeurId === null ? ' (sans instructeur)' : '';
  return `- n° ${String(item.id)} (${kind}${place}) : échéance le ${formatDateFr(item.deadlineOn)}${assigned} — ${requestLink(publicUrl, item)}`;
}

function digestSection(title: string, items: readonly DigestItem[], publicUrl: string): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, DIGEST_MAX_LINES).map((item) => digestLine(item, publicUrl));
  const more = items.length - shown.length;
  return [
    '',
    `${title} (${String(items.length)}) :`,
    ...shown,
    ...(more > 0 ? [`… et ${String(more)} autres.`] : []),
  ];
}

/**
 * Each active instructor's digest of the day: their requests — and those no instructor has taken
 * yet — past their deadline or due within seven days. Nothing is sent to an instructor with none.
 */
async function sendDigests(deps: DailyClockDeps, today: string): Promise<number> {
  const { nearBefore } = deadlineFilterBounds(today);
  const items = await deps.db
    .selectFrom('request')
    .select(['id', 'publicId', 'type', 'addressCity', 'instructeurId', 'clockDeadlineOn'])
    .where('clockDeadlineOn', '<', nearBefore)
    .orderBy('clockDeadlineOn')
    .orderBy('id')
    .execute();
  const instructors = await deps.db
    .selectFrom('stdUser as u')
    .innerJoin('userRole as ur', 'ur.userId', 'u.id')
    .select(['u.id', 'u.email'])
    .where('ur.roleCode', '=', 'ROLE_INSTRUCTEUR')
    .where('u.isActive', '=', true)
    .orderBy('u.id')
    .execute();
  let sent = 0;
  for (const instructor of instructors) {
    const theirs = items
      .filter((item) => item.instructeurId === null || item.instructeurId === instructor.id)
      .map((item) => ({ ...item, deadlineOn: item.clockDeadlineOn! }));
    if (theirs.length === 0) continue;
    const overdue = theirs.filter((item) => item.deadlineOn <= today);
    const near = theirs.filter((item) => item.deadlineOn > today);
    const mailed = await deps.db.transaction().execute(async (trx) => {
      if (
        !(await claimNotice(trx, {
          kind: 'digest',
          key: `${today}:${String(instructor.id)}`,
          userId: instructor.id,
        }))
      )
        return false;
      await enqueueMail(trx, {
        to: instructor.email,
        ...composeMail({
          subject: `Échéances légales du ${formatDateFr(today)} : ${String(overdue.length)} dépassée(s), ${String(near.length)} à moins de 7 jours`,
          lines: [
            `Voici les demandes dont le délai légal est dépassé ou expire dans moins de 7 jours, au ${formatDateFr(today)}.`,
            ...digestSection('Délai dépassé', overdue, deps.publicUrl),
            ...digestSection('Échéance < 7 jours', near, deps.publicUrl),
          ],
          link: { intro: 'La liste des demandes :', href: `${deps.publicUrl}/dossiers` },
        }),
        context: 'Échéances légales',
        userId: instructor.id,
      });
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}

/**
 * Works whose end date is past by the 'receptionRequest' delay while the permission still waits
 * for its reception (state 4): the applicant is reminded once to ask for it.
 */
async function remindReceptions(
  deps: DailyClockDeps,
  rules: Record<LegalRuleId, LegalRule>,
  today: string,
): Promise<number> {
  const rule = rules.receptionRequest;
  // The delay ends at the earliest `months` and `days` after the end date (later when moved to a
  // working day): a bound the index on the state serves, then the domain's exact day.
  const latestEnd = shiftDays(today, -rule.days);
  const candidates = await deps.db
    .selectFrom('request')
    .select(['id', sql<string>`to_char(date_end, 'YYYY-MM-DD')`.as('dateEnd')])
    .where('stateId', '=', STATE.AWAITING_RECEPTION)
    .where('type', 'in', PERMISSION_KINDS)
    .where('dateEnd', 'is not', null)
    .where(sql<boolean>`date_end + make_interval(months => ${rule.months}) <= ${latestEnd}::date`)
    .orderBy('id')
    .execute();
  let sent = 0;
  for (const candidate of candidates) {
    if (deadlineFrom(candidate.dateEnd, rule) > today) continue;
    const mailed = await remindOnce(deps.db, {
      kind: 'receptionReminder',
      key: `${String(candidate.id)}:${candidate.dateEnd}`,
      requestId: candidate.id,
      context: 'Rappel envoyé : demande de réception des travaux',
      data: { dateEnd: candidate.dateEnd },
      mail: (trx, row) =>
        enqueueApplicantMail(
          trx,
          row,
          {
            subject: `Demande n° ${String(row.id)} : pensez à demander la réception des travaux`,
            lines: [
              `Les travaux de votre demande ${describeRequest(row)} devaient s'achever le ${formatDateFr(candidate.dateEnd)}.`,
              'Une fois les travaux terminés et la voie remise en état, demandez leur réception depuis la page de la demande (« Demande de réception »).',
              "Si les travaux ne sont pas terminés, vous pouvez demander une prolongation de l'autorisation depuis la même page.",
            ],
            context: 'Rappel : réception des travaux',
          },
          { publicUrl: deps.publicUrl },
        ),
    });
    if (mailed) sent += 1;
  }
  return sent;
}

/**
 * Refused receptions (states 12 and 13) whose formal notice's delay ran out without a new
 * reception request: the request's instructor (else every instructor) is reminded once.
 */
async function remindFormalNotices(deps: DailyClockDeps, today: string): Promise<number> {
  const candidates = await deps.db
    .selectFrom('request as r')
    .innerJoin('reception as rc', 'rc.requestId', 'r.id')
    .select(['r.id', 'r.instructeurId', 'rc.id as receptionId', 'rc.remedyDueOn'])
    .where('r.stateId', 'in', RECEPTION_REFUSED_STATES)
    .where('rc.remedyDueOn', '<=', today)
    // The request's latest reception only: a newer one means the works were presented again.
    .where(sql<boolean>`rc.id = (SELECT max(latest.id) FROM reception latest WHERE latest.request_id = r.id)`)
    .orderBy('r.id')
    .execute();
  let sent = 0;
  for (const candidate of candidates) {
    const mailed = await remindOnce(deps.db, {
      kind: 'formalNoticeReminder',
      key: String(candidate.receptionId),
      requestId: candidate.id,
      context: 'Rappel envoyé : délai de la mise en demeure expiré',
      data: { remedyDueOn: candidate.remedyDueOn },
      mail: async (trx, row) =>
        enqueueRequestMail(trx, row, {
          to: await requestInstructorAddresses(trx, candidate.instructeurId),
          subject: `Demande n° ${String(row.id)} : délai de la mise en demeure expiré`,
          lines: [
            `Le délai laissé au demandeur pour reprendre les travaux de la demande ${describeRequest(row)} a expiré le ${formatDateFr(candidate.remedyDueOn)}, sans nouvelle demande de réception.`,
            "Selon le cas : relancer le demandeur, ou faire exécuter les travaux d'office à ses frais (Code de la voirie routière, art. R141-13 à R141-21).",
          ],
          context: 'Rappel : mise en demeure',
          link: requestLink(deps.publicUrl, row),
        }),
    });
    if (mailed) sent += 1;
  }
  return sent;
}
