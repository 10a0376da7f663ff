import { z } from 'zod';
import { DemoPreparationSchema, PRODUCT_NAME, PublicConfigSchema } from '@voirie/domain';
import { isDemoGeography } from '../../geo/import/index.ts';
import { ERROR_RESPONSES, ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { knownDemoPreparation, readDemoPreparation } from '../../seed/demo-preparation.ts';
import { PORTAL_VERSION } from '../../version.ts';

/** GET health and GET config. */
export function systemRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/health',
    {
      config: { policy: publicRoute('load balancer probe') },
      schema: {
        tags: ['Système'],
        summary: 'État du service',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            /** A first start's demo data still being imported: the portal answers meanwhile. */
            demoPreparation: DemoPreparationSchema.optional(),
          }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async () => {
      // The engine, not a turn on the connection: a request's long transaction never makes the
      // probe late.
      await ctx.pingDatabase();
      // Likewise the demo preparation: what this process knows, never a wait on the database.
      const demoPreparation = knownDemoPreparation(ctx.db);
      return {
        status: 'ok' as const,
        database: ctx.databaseKind,
        ...(demoPreparation && { demoPreparation }),
      };
    },
  );
  app.get(
    '/api/config',
    {
      config: { policy: publicRoute('the sign-in page needs it') },
      schema: { tags: ['Système'], summary: 'Configuration publique', response: replies(PublicConfigSchema) },
    },
    async () => {
      const demoPreparation = await readDemoPreparation(ctx.db);
      return ok({
        productName: PRODUCT_NAME,
        communityName: ctx.config.communityName,
        hiddenAccountUserId: ctx.config.hiddenAccountUserId,
        demoMode: ctx.config.seedDemo,
        // 'true' once the demo set is loaded, 'false' after a real roads import replaced it.
        demoGeography: await isDemoGeography(ctx.db),
        uploadMaxBytes: ctx.config.uploadMaxBytes,
        maintenance: ctx.config.maintenance,
        version: PORTAL_VERSION,
        ...(demoPreparation && { demoPreparation }),
      });
    },
  );
}
