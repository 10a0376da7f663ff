import { z } from 'zod';
import {
  Cerfa14023Schema,
  Cerfa14024ViewSchema,
  IndividualAlignmentRequestInputSchema,
  IndividualAlignmentRequestSchema,
  PartySchema,
  PetitionerInputSchema,
  cerfa14023InputSchema,
} from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { validatedByService } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import * as catalogue from '../../requests/catalogue/catalogue-service.ts';
import type { CatalogueDeps } from '../../requests/catalogue/catalogue-service.ts';
import type { Actor } from '../../policies/visibility.ts';

interface Pair<T> {
  path: string;
  label: string;
  /** What is sent: the wizard's schema, parsed by the service (spec's prefix, empty strings as null). */
  body: z.ZodType;
  /** What is answered. */
  answer: z.ZodType<T>;
  create: (deps: CatalogueDeps, actor: Actor, body: unknown) => Promise<T>;
  save: (deps: CatalogueDeps, actor: Actor, id: number, body: unknown) => Promise<T>;
  read: (deps: CatalogueDeps, actor: Actor, id: number) => Promise<T>;
}

/** GET {path}/{id}: the object, to whoever sees its request. */
function reader(
  app: ApiApp,
  ctx: RouteContext,
  spec: {
    path: string;
    label: string;
    answer: z.ZodType;
    read: (deps: CatalogueDeps, actor: Actor, id: number) => Promise<unknown>;
  },
) {
  app.get(
    `/api/${spec.path}/:id`,
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Dépôt pas à pas'],
        summary: `Lire : ${spec.label}`,
        params: IdParamsSchema,
        response: replies(spec.answer),
      },
    },
    async (request) => ok(await spec.read(ctx.filing, currentUser(request), request.params.id)),
  );
}

/**
 * POST {path}, PUT {path}/{id} and GET {path}/{id}: the body is validated by the service with the
 * wizard's schema.
 */
function pair<T>(app: ApiApp, ctx: RouteContext, spec: Pair<T>) {
  reader(app, ctx, spec);
  const tags = ['Dépôt pas à pas'];
  const body = validatedByService(spec.body);
  app.post(
    `/api/${spec.path}`,
    {
      config: { policy: signedIn() },
      schema: { tags, summary: `Créer : ${spec.label}`, body, response: replies(spec.answer, 201) },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await spec.create(ctx.filing, currentUser(request), request.body))),
  );
  app.put(
    `/api/${spec.path}/:id`,
    {
      config: { policy: signedIn() },
      schema: {
        tags,
        summary: `Enregistrer : ${spec.label}`,
        params: IdParamsSchema,
        body,
        response: replies(spec.answer),
      },
    },
    async (request) => ok(await spec.save(ctx.filing, currentUser(request), request.params.id, request.body)),
  );
}

/**
 * The catalogue's step-by-step endpoints (docs/api-filing.md): petitioner, cerfa14023,
 * individualAlignmentRequest; cerfa14024 read only.
 */
export function catalogueRoutes(app: ApiApp, ctx: RouteContext) {
  pair(app, ctx, {
    path: 'petitioner',
    label: 'demandeur ou bénéficiaire',
    body: PetitionerInputSchema,
    answer: PartySchema,
    create: catalogue.createPetitioner,
    save: catalogue.savePetitioner,
    read: catalogue.readPetitioner,
  });
  pair(app, ctx, {
    path: 'cerfa14023',
    label: 'Cerfa 14023',
    // Networks or access/fencing: the kind is the payload's isAccessDevelopment (the stored form's on PUT).
    body: z.union([cerfa14023InputSchema(1), cerfa14023InputSchema(3)]),
    answer: Cerfa14023Schema,
    create: catalogue.createCerfa,
    save: catalogue.saveCerfa,
    read: catalogue.readCerfa,
  });
  pair(app, ctx, {
    path: 'individualAlignmentRequest',
    label: "demande d'alignement",
    body: IndividualAlignmentRequestInputSchema,
    answer: IndividualAlignmentRequestSchema,
    create: catalogue.createAlignment,
    save: catalogue.saveAlignment,
    read: catalogue.readAlignment,
  });
  // The traffic-order form is filed and edited with its request only: read here, written there.
  reader(app, ctx, {
    path: 'cerfa14024',
    label: 'Cerfa 14024',
    answer: Cerfa14024ViewSchema,
    read: catalogue.readCerfa14024,
  });
}
