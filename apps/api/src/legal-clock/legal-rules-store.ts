import type { Kysely } from 'kysely';
import {
  LEGAL_RULE_IDS,
  rulesWithDelays,
  type LegalDelay,
  type LegalRule,
  type LegalRuleId,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';

const isRuleId = (id: string): id is LegalRuleId => (LEGAL_RULE_IDS as readonly string[]).includes(id);

/** The rules of the legal clock in force: the law's defaults, with the administrator's delays. */
export async function loadLegalRules(db: Kysely<Database>): Promise<Record<LegalRuleId, LegalRule>> {
  const settings = await db
    .selectFrom('legalRuleSetting')
    .select(['ruleId', 'months', 'days', 'extendToWorkingDay'])
    .execute();
  return rulesWithDelays(
    settings.flatMap((setting) => (isRuleId(setting.ruleId) ? [{ ...setting, id: setting.ruleId }] : [])),
  );
}

/** Stores an administrator's delay for a rule (it applies to the clocks started from now on). */
export async function saveLegalDelay(
  db: Kysely<Database>,
  options: { id: LegalRuleId; delay: LegalDelay; userId: number },
): Promise<void> {
  const { id, delay, userId } = options;
  await db
    .insertInto('legalRuleSetting')
    .values({ ruleId: id, ...delay, updatedBy: userId })
    .onConflict((conflict) =>
      conflict.column('ruleId').doUpdateSet({ ...delay, updatedBy: userId, updatedAt: new Date() }),
    )
    .execute();
}
