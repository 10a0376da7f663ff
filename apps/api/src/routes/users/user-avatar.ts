import { z } from 'zod';
import { currentUser } from '../../http/authenticate.ts';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { fileHeaders, fileReplies, ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import type { UserWithRoles } from '../../accounts/user-repository.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import { avatarOwner, openAvatar, saveAvatar } from '../../users/user-avatar.ts';
import { USER_TAGS, UserParamsSchema } from './user-params.ts';
import { usersDepsOf } from './users-deps.ts';

/**
 * POST stduser/upload (docs/api-users.md: multipart {file, userId}; data is the picture URL, message the
 * success text) and the avatar itself, for any signed-in user (avatars show in histories).
 */
export function userAvatarRoutes(app: ApiApp, ctx: RouteContext) {
  const deps = usersDepsOf(ctx);
  app.post(
    '/api/stduser/upload',
    {
      config: { policy: signedIn() },
      schema: {
        tags: USER_TAGS,
        summary: "Changer la photo d'un utilisateur (JPEG, BMP ou PNG, vérifiée par son contenu)",
        consumes: ['multipart/form-data'],
        body: multipartBody({
          userId: z
            .string()
            .optional()
            .meta({ description: "L'utilisateur (avant le fichier) ; absent : soi-même" }),
          file: FilePartSchema,
        }),
        response: replies(z.string()),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      let owner: UserWithRoles | undefined;
      const options = {
        maxBytes: ctx.filing.maxBytes,
        limits: UPLOAD_LIMITS.singleFile,
        // Authorized before the file reaches the disk.
        beforeFirstFile: async (fields: ReadonlyMap<string, unknown>) => {
          owner = await avatarOwner(ctx.db, actor, fields.get('userId'));
        },
      };
      return withUploadParts(request, ctx.filing.store, options, async (parts) => {
        owner ??= await avatarOwner(ctx.db, actor, parts.fields.get('userId'));
        const done = await saveAvatar(deps, { actor, owner, parts });
        return ok(done.url, done.message);
      });
    },
  );
  app.get(
    '/api/stduser/:id/avatar',
    {
      config: { policy: signedIn() },
      schema: {
        tags: USER_TAGS,
        summary: "La photo d'un utilisateur",
        params: UserParamsSchema,
        response: fileReplies('La photo (JPEG, BMP ou PNG)'),
      },
    },
    async (request, reply) => {
      const avatar = await openAvatar(deps, request.params.id);
      if (avatar.size !== null) void reply.header('content-length', String(avatar.size));
      return reply.headers(fileHeaders(avatar.mimeType)).send(avatar.stream);
    },
  );
}
