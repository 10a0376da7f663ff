import { createHash, randomBytes } from 'node:crypto';

/** A random link token (256 bits, URL-safe); only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a link token: a leaked table gives no usable link. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
