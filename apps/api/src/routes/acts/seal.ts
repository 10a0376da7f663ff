import { CAPABILITIES, SEAL_MESSAGES, SealStatusSchema, SealUploadSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import {
  loadSealStatus,
  removeSealCertificate,
  saveSealCertificate,
} from '../../requests/acts/seal-store.ts';

const TAGS = ['Registre des actes'];
// The status holds no secret: the register's readers see whether acts are sealed.
const READERS = withRoles(...CAPABILITIES.readActRegister);
const ADMINS = withRoles(...CAPABILITIES.manageActSeal);

/**
 * The seal's certificate (docs/acts.md « Seal »): its status — holder, issuer, validity, never
 * the file nor its password — for the register's readers; its upload and removal, the
 * administrator's.
 */
export function actSealRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/acts/seal',
    {
      config: { policy: READERS },
      schema: {
        tags: TAGS,
        summary: 'Certificat du cachet électronique',
        response: replies(SealStatusSchema),
      },
    },
    async () => ok(await loadSealStatus(ctx)),
  );

  app.put(
    '/api/acts/seal',
    {
      config: { policy: ADMINS },
      schema: {
        tags: TAGS,
        summary: 'Déposer le certificat du cachet (PKCS#12 et son mot de passe)',
        body: SealUploadSchema,
        response: replies(SealStatusSchema),
      },
    },
    async (request) =>
      ok(await saveSealCertificate(ctx, currentUser(request), request.body), SEAL_MESSAGES.saved),
  );

  app.delete(
    '/api/acts/seal',
    {
      config: { policy: ADMINS },
      schema: { tags: TAGS, summary: 'Retirer le certificat du cachet', response: replies(SealStatusSchema) },
    },
    async (request) => ok(await removeSealCertificate(ctx, currentUser(request)), SEAL_MESSAGES.removed),
  );
}
