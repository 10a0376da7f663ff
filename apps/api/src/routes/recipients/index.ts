import { z } from 'zod';
import { ContactFormSchema, ContactSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { addContact, deleteContact, listContacts } from '../../recipients/contacts-service.ts';

const ADMIN = { policy: withRoles('ROLE_ADMIN') };
const TAGS = ['Destinataires'];

/**
 * The extra recipients of the recipients screen (docs/api-recipients.md): `GET, POST, DELETE contacts;
 * contacts/{id}`, administrators only. The towns' own e-mails are `PUT city/{id}` (geo/cities.ts).
 */
export function recipientRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/contacts',
    {
      config: ADMIN,
      schema: { tags: TAGS, summary: 'Contacts supplémentaires', response: replies(z.array(ContactSchema)) },
    },
    async () => ok(await listContacts(ctx.db)),
  );
  app.post(
    '/api/contacts',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Ajouter un contact',
        body: ContactFormSchema,
        response: replies(ContactSchema),
      },
    },
    async (request) =>
      ok(await addContact(ctx.db, { form: request.body, actor: currentUser(request) }), 'Contact ajouté.'),
  );
  app.delete(
    '/api/contacts/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Supprimer un contact',
        params: IdParamsSchema,
        response: replies(ContactSchema),
      },
    },
    async (request) =>
      ok(
        await deleteContact(ctx.db, { id: request.params.id, actor: currentUser(request) }),
        'Contact supprimé.',
      ),
  );
}
