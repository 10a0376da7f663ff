import type { Kysely } from 'kysely';
import { SEAL_MESSAGES, type SealStatus, type SealUpload } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { writeHistory } from '../../history/history.ts';
import type { Actor } from '../../policies/visibility.ts';
import { openSealCertificate, type SealCertificate } from './seal-certificate.ts';
import type { Config } from '../../config.ts';
import { decryptSecret, encryptSecret, sealKey } from './seal-key.ts';

// The seal's certificate in the database (`act_seal`, one row): the administrator's PKCS#12 and
// its password, encrypted together; beside them what the register shows of it. Neither the file
// nor the password leaves this module but to sign, and neither is ever logged.

/** What the seal's functions need: the database, and where the key is. */
export interface SealDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'sealKey' | 'dataDir' | 'communityName'>;
}

const historyActor = (actor: Actor) => ({ id: actor.id, email: actor.email, picture: actor.picture });

interface StoredSecret {
  p12: string;
  password: string;
}

/** `GET acts/seal`: the certificate in force as the register shows it, never its secret. */
export async function loadSealStatus(deps: SealDeps, now = new Date()): Promise<SealStatus> {
  const row = await deps.db.selectFrom('actSeal').selectAll().executeTakeFirst();
  if (!row) {
    return {
      configured: false,
      holder: null,
      issuer: null,
      notBefore: null,
      notAfter: null,
      expired: false,
      readable: false,
      updatedAt: null,
    };
  }
  const notAfter = new Date(row.notAfter);
  return {
    configured: true,
    holder: row.holder,
    issuer: row.issuer,
    notBefore: new Date(row.notBefore).toISOString(),
    notAfter: notAfter.toISOString(),
    expired: notAfter < now,
    readable: decryptSecret(await sealKey(deps.config), row.secret) !== null,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * `PUT acts/seal`: opens the certificate with its password — refused in French if it cannot be
 * used — then stores it encrypted in place of the previous one, and traces who did it.
 */
export async function saveSealCertificate(
  deps: SealDeps,
  actor: Actor,
  upload: SealUpload,
): Promise<SealStatus> {
  const opened = await openSealCertificate(Buffer.from(upload.p12, 'base64'), upload.password);
  const secret: StoredSecret = { p12: upload.p12, password: upload.password };
  const values = {
    secret: encryptSecret(await sealKey(deps.config), Buffer.from(JSON.stringify(secret))),
    holder: opened.holder,
    issuer: opened.issuer,
    notBefore: opened.notBefore,
    notAfter: opened.notAfter,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('actSeal')
      .values(values)
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    await writeHistory(trx, {
      entity: 'acts',
      entityId: null,
      actor: historyActor(actor),
      context: 'Certificat de cachet enregistré',
      data: { holder: opened.holder, notAfter: opened.notAfter.toISOString() },
    });
  });
  return loadSealStatus(deps);
}

/** `DELETE acts/seal`: acts are no longer sealed. */
export async function removeSealCertificate(deps: SealDeps, actor: Actor): Promise<SealStatus> {
  await deps.db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('actSeal').returning('holder').executeTakeFirst();
    if (removed) {
      await writeHistory(trx, {
        entity: 'acts',
        entityId: null,
        actor: historyActor(actor),
        context: 'Certificat de cachet retiré',
        data: { holder: removed.holder },
      });
    }
  });
  return loadSealStatus(deps);
}

/**
 * The certificate to seal with, opened; null when none is set or it has expired (acts are then
 * published unsealed, and the register says so). A secret this instance cannot decrypt is a
 * configuration error (SEAL_KEY differs from the one it was stored with): refused, not ignored.
 */
export async function loadSealCertificate(deps: SealDeps, now = new Date()): Promise<SealCertificate | null> {
  const row = await deps.db.selectFrom('actSeal').selectAll().executeTakeFirst();
  if (!row || new Date(row.notAfter) < now) return null;
  const plaintext = decryptSecret(await sealKey(deps.config), row.secret);
  if (!plaintext) throw new AppError('INTERNAL', SEAL_MESSAGES.keyMismatch);
  const secret = JSON.parse(plaintext.toString('utf8')) as StoredSecret;
  return openSealCertificate(Buffer.from(secret.p12, 'base64'), secret.password, now);
}
