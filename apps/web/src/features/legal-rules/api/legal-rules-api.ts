import { queryOptions } from '@tanstack/react-query';
import type { LegalDelay, LegalRuleView } from '@voirie/domain';
import { http } from '../../../api';

export const LEGAL_RULES_KEY = ['legal-rules'] as const;

/** GET legal-rules (instructors, administrators): the rules with the delays in force. */
export function legalRulesQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: LEGAL_RULES_KEY,
    queryFn: async () => (await http.get<LegalRuleView[]>('legal-rules', { overlay: false })).data,
    enabled,
  });
}

/** PUT legal-rules/{id} (administrators): answers the rule. Silent: the dialog shows a refusal. */
export function updateLegalDelay(id: string, delay: LegalDelay) {
  return http.put<LegalRuleView>(`legal-rules/${encodeURIComponent(id)}`, delay, { silent: true });
}
