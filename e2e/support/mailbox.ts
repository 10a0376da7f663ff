import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { ENV, requiredEnv } from './paths.ts';
import type { StoredMail } from './smtp-sink.ts';

export type LinkPage = 'validate-email' | 'password';

/** Every mail received so far for an address, oldest first. */
export async function mailsTo(address: string): Promise<StoredMail[]> {
  const dir = requiredEnv(ENV.mailDir);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as StoredMail),
  );
  return mails.filter((mail) => mail.to.includes(address.toLowerCase()));
}

/**
 * Waits for the `count`-th mail to an address (default: the first) and returns it. The portal
 * sends right after the commit; its outbox also polls every 2 s.
 */
export async function waitForMail(
  address: string,
  { count = 1, timeout = 15_000 } = {},
): Promise<StoredMail> {
  let mails: StoredMail[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(address)).length, {
      message: `courriel n° ${count} pour ${address}`,
      timeout,
      intervals: [100, 250, 500],
    })
    .toBeGreaterThanOrEqual(count);
  return mails[count - 1]!;
}

/** The link of a mail to one of the portal's pages, as the user clicks it. */
export function linkIn(mail: StoredMail, page: LinkPage): string {
  const match = new RegExp(`https?://[^\\s"<>]+/${page}/[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`Pas de lien /${page}/ dans le courriel « ${mail.subject} » :\n${mail.text}`);
  return match[0];
}
