import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';

// The key of the seal's secret (docs/decisions/0018-seal-key.md): the certificate and its password
// are encrypted in the database with a key kept outside it — SEAL_KEY, or a file generated once
// in the data directory — so that a copy of the database alone does not give the seal away.

const KEY_FILE = 'seal.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Binds the ciphertext to its use: the same key could not decrypt it as something else.
const ADDITIONAL_DATA = Buffer.from('voirie:act-seal:v1');

export type SealKeyConfig = Pick<Config, 'sealKey' | 'dataDir'>;

async function readKeyFile(file: string): Promise<Buffer> {
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a 32-byte key in base64`);
  return key;
}

/**
 * The seal's key: SEAL_KEY, else `seal.key` in the data directory, created (mode 0600) by the
 * first instance that needs it — `wx` makes two instances starting at once agree on one file.
 */
export async function sealKey(config: SealKeyConfig): Promise<Buffer> {
  if (config.sealKey) return config.sealKey;
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    return await readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

/** AES-256-GCM: base64 of IV, tag and ciphertext. */
export function encryptSecret(key: Buffer, plaintext: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(ADDITIONAL_DATA);
  const encrypted = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64');
}

/** The plaintext of encryptSecret, or null when the key is not the one it was encrypted with. */
export function decryptSecret(key: Buffer, stored: string): Buffer | null {
  const bytes = Buffer.from(stored, 'base64');
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(ADDITIONAL_DATA).setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
