import { z } from 'zod';
import { currentUser } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import * as catalogue from '../../requests/catalogue/catalogue-service.ts';
import type { CatalogueDeps } from '../../requests/catalogue/catalogue-service.ts';
import type { Actor } from '../../requests/visibility.ts';

const IdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

type Create = (deps: CatalogueDeps, actor: Actor, body: unknown) => Promise<unknown>;
type Save = (deps: CatalogueDeps, actor: Actor, id: number, body: unknown) => Promise<unknown>;

/** POST {path} and PUT {path}/{id}: the body is validated by the service with the wizard's schema. */
function pair(app: ApiApp, ctx: RouteContext, spec: { path: string; label: string; create: Create; save: Save }) {
  app.post(
    `/api/${spec.path}`,
    { config: { policy: signedIn() }, schema: { tags: ['Dépôt pas à pas'], summary: `Créer : ${spec.label}` } },
    async (request, reply) => reply.code(201).send(ok(await spec.create(ctx.filing, currentUser(request), request.body))),
  );
  app.put(
    `/api/${spec.path}/:id`,
    { config: { policy: signedIn() }, schema: { tags: ['Dépôt pas à pas'], summary: `Enregistrer : ${spec.label}`, params: IdParamsSchema } },
    async (request) => ok(await spec.save(ctx.filing, currentUser(request), request.params.id, request.body)),
  );
}

/** The catalogue's step-by-step endpoints (spec 1 §7): petitioner, cerfa14023, individualAlignmentRequest. */
export function catalogueRoutes(app: ApiApp, ctx: RouteContext) {
  pair(app, ctx, { path: 'petitioner', label: 'demandeur ou bénéficiaire', create: catalogue.createPetitioner, save: catalogue.savePetitioner });
  pair(app, ctx, { path: 'cerfa14023', label: 'Cerfa 14023', create: catalogue.createCerfa, save: catalogue.saveCerfa });
  pair(app, ctx, { path: 'individualAlignmentRequest', label: "demande d'alignement", create: catalogue.createAlignment, save: catalogue.saveAlignment });
}
