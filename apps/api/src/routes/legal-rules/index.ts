import { z } from 'zod';
import { CAPABILITIES, LegalDelaySchema, LegalRuleViewSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import {
  LEGAL_RULE_MESSAGES,
  listLegalRules,
  updateLegalDelay,
} from '../../legal-clock/legal-rules-admin.ts';

const TAGS = ['Délais légaux'];
// Any text: an unknown rule is a 404 (the service's), not a 400.
const LegalRuleParamsSchema = z.object({
  id: z.string().max(40, { error: LEGAL_RULE_MESSAGES.notFound }),
});

/**
 * The legal clock's rules (docs/legal-deadlines.md): `GET legal-rules` for the roles of
 * the domain's `readLegalRules` (instructors, administrators), `PUT legal-rules/{id}` for
 * `manageLegalRules` (administrators) — a new delay applies to the clocks started afterwards.
 */
export function legalRuleRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/legal-rules',
    {
      config: { policy: withRoles(...CAPABILITIES.readLegalRules) },
      schema: {
        tags: TAGS,
        summary: 'Règles des délais légaux et délais en vigueur',
        response: replies(z.array(LegalRuleViewSchema)),
      },
    },
    async () => ok(await listLegalRules(ctx.db)),
  );

  app.put(
    '/api/legal-rules/:id',
    {
      config: { policy: withRoles(...CAPABILITIES.manageLegalRules) },
      schema: {
        tags: TAGS,
        summary: "Ajuster le délai d'une règle (pour les délais qui démarrent ensuite)",
        params: LegalRuleParamsSchema,
        body: LegalDelaySchema,
        response: replies(LegalRuleViewSchema),
      },
    },
    async (request) =>
      ok(
        await updateLegalDelay(ctx.db, {
          id: request.params.id,
          delay: request.body,
          actor: currentUser(request),
        }),
        LEGAL_RULE_MESSAGES.saved,
      ),
  );
}
