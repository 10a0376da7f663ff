import type { Kysely } from 'kysely';
import {
  delayText,
  LEGAL_RULE_IDS,
  legalRuleView,
  type LegalDelay,
  type LegalRuleId,
  type LegalRuleView,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import type { Actor } from '../policies/visibility.ts';
import { loadLegalRules, saveLegalDelay } from './legal-rules-store.ts';

// The 'Délais légaux' screen (docs/legal-deadlines.md): the rules with the delays in
// force, and an administrator's new delay — for the clocks started from then on (a running clock
// keeps the deadline its acknowledgement of receipt announced).

export const LEGAL_RULE_MESSAGES = {
  notFound: "Cette règle de délai n'existe pas.",
  saved: 'Délai enregistré. Il s’applique aux délais qui démarrent à partir de maintenant.',
} as const;

/** The history's name of a delay: '2 mois', with ', prolongé au jour ouvré suivant' when it is. */
function historyDelay(delay: LegalDelay): string {
  return `${delayText(delay)}${delay.extendToWorkingDay ? ', prolongé au jour ouvré suivant' : ''}`;
}

function isRuleId(id: string): id is LegalRuleId {
  return (LEGAL_RULE_IDS as readonly string[]).includes(id);
}

/** `GET legal-rules`: every rule, in the domain's order, with its delay in force and the law's. */
export async function listLegalRules(db: Kysely<Database>): Promise<LegalRuleView[]> {
  const rules = await loadLegalRules(db);
  return LEGAL_RULE_IDS.map((id) => legalRuleView(rules[id]));
}

/**
 * `PUT legal-rules/{id}`: stores the administrator's delay for a rule (NOT_FOUND for an unknown
 * id) and its history entry, with the delay before and after, in one transaction.
 */
export async function updateLegalDelay(
  db: Kysely<Database>,
  input: { id: string; delay: LegalDelay; actor: Actor },
): Promise<LegalRuleView> {
  const { id, delay, actor } = input;
  if (!isRuleId(id)) throw new AppError('NOT_FOUND', LEGAL_RULE_MESSAGES.notFound);
  return db.transaction().execute(async (trx) => {
    const before = (await loadLegalRules(trx))[id];
    await saveLegalDelay(trx, { id, delay, userId: actor.id });
    await writeHistory(trx, {
      entity: 'legalRule',
      entityId: null,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: `Délai légal modifié : ${before.label} (${historyDelay(before)} → ${historyDelay(delay)})`,
      data: {
        rule: id,
        before: { months: before.months, days: before.days, extendToWorkingDay: before.extendToWorkingDay },
        after: delay,
      },
    });
    return legalRuleView({ ...before, ...delay });
  });
}
