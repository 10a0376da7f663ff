import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { USER_ADMIN_MESSAGES } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { UserWithRoles } from '../accounts/user-repository.ts';
import { AppError } from '../errors/app-error.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';
import { writeHistory } from '../history/history.ts';
import { claimContents, releaseClaims, removeIfUnreferenced } from '../files/content-claims.ts';
import { checkReceivedFile, type UploadParts } from '../files/upload-parts.ts';
import { findUserByKey } from './user-queries.ts';
import { loadUserFor, type Viewer } from './user-detail.ts';
import type { UsersDeps } from './users-deps.ts';

const AVATAR_MESSAGES = {
  fileRequired: 'Choisissez une image (JPEG, BMP ou PNG).',
  userIdAfterFile: 'Le champ userId doit précéder le fichier.',
  badUserId: "L'identifiant de l'utilisateur n'est pas valide.",
  noAvatar: "Cet utilisateur n'a pas de photo.",
} as const;

/** The picture URL of an avatar: its user's opaque id, and its content so that a new one is fetched anew. */
export function avatarUrl(user: { publicId: string }, sha256: string): string {
  return `/api/stduser/${user.publicId}/avatar?v=${sha256.slice(0, 12)}`;
}

/**
 * Whose avatar a `POST stduser/upload` replaces, read before its file reaches the disk: `userId`
 * (a number or an opaque id), or the caller when absent. Oneself, or anyone for an admin.
 */
export async function avatarOwner(
  db: Kysely<Database>,
  actor: Viewer,
  userId: unknown,
): Promise<UserWithRoles> {
  if (userId === undefined || userId === '') return loadUserFor(db, actor, String(actor.id), 'write');
  if (typeof userId !== 'string' && typeof userId !== 'number')
    throw validationError('', [fieldError('userId', AVATAR_MESSAGES.badUserId)]);
  return loadUserFor(db, actor, String(userId), 'write');
}

/**
 * Stores a checked avatar (JPEG, BMP or PNG by its content, docs/screens.md "Account") and makes it
 * the user's picture. The file is claimed and put in the store before the row that names it commits; if
 * the row fails, a file this call wrote is removed again (unless something else names it).
 */
export async function saveAvatar(
  deps: UsersDeps,
  input: { actor: Viewer; owner: UserWithRoles; parts: UploadParts },
): Promise<{ url: string; message: string }> {
  const { owner, parts } = input;
  // A userId after the file names someone else than the one authorized before it.
  const sent = parts.fields.get('userId');
  const named = typeof sent === 'string' || typeof sent === 'number' ? String(sent) : '';
  if (sent !== undefined && sent !== '' && named !== String(owner.id) && named !== owner.publicId)
    throw validationError('', [fieldError('userId', AVATAR_MESSAGES.userIdAfterFile)]);
  const file = parts.files.find((part) => part.fieldname === 'file');
  if (!file || parts.files.length !== 1)
    throw validationError('', [fieldError('file', AVATAR_MESSAGES.fileRequired)]);
  const checked = await checkReceivedFile(file.received, { context: 'avatar', maxBytes: deps.maxBytes });
  if (!checked.ok) throw validationError('', [fieldError('file', checked.message)]);
  const mimeType = checked.mimeType as 'image/jpeg' | 'image/png' | 'image/bmp';
  const { sha256 } = file.received;
  const claims = await claimContents(deps.db, [sha256]);
  const release = () => releaseClaims(deps.db, claims).catch(() => {});
  let created = false;
  try {
    created = (await deps.store.put(file.received)).created;
    const url = avatarUrl(owner, sha256);
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('stdUser')
        .set({ avatarSha256: sha256, avatarMimeType: mimeType, picture: url, updatedAt: sql`now()` })
        .where('id', '=', owner.id)
        .execute();
      await writeHistory(trx, {
        entity: 'user',
        entityId: owner.id,
        actor: { ...input.actor, picture: owner.id === input.actor.id ? url : input.actor.picture },
        context: 'Modification de la photo',
        data: { mimeType, size: file.received.size },
      });
    });
    await release();
    deps.sessions.forgetUser(owner.id);
    return { url, message: USER_ADMIN_MESSAGES.avatarSaved };
  } catch (error) {
    await release();
    if (created) await removeIfUnreferenced(deps, sha256).catch(() => false);
    throw error;
  }
}

/** A user's avatar to send: its stored file and type (any signed-in user sees avatars, as in histories). */
export async function openAvatar(
  deps: Pick<UsersDeps, 'db' | 'store'>,
  key: string,
): Promise<{ stream: Readable; mimeType: string; size: number | null }> {
  const user = await findUserByKey(deps.db, key);
  if (!user?.avatarSha256 || !user.avatarMimeType) throw new AppError('NOT_FOUND', AVATAR_MESSAGES.noAvatar);
  const storageKey = deps.store.keyOf(user.avatarSha256);
  const size = await deps.store.sizeOf(storageKey);
  if (size === null) throw new AppError('NOT_FOUND', AVATAR_MESSAGES.noAvatar);
  return { stream: await deps.store.open(storageKey), mimeType: user.avatarMimeType, size };
}
