import { sql, type Kysely } from 'kysely';
import { findTownByName, notMemberTownMessage, type Contact, type ContactForm } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';
import { writeHistory, type HistoryEntry } from '../history/history.ts';

export const CONTACT_MESSAGES = {
  notFound: "Ce contact n'existe pas.",
  duplicate: (email: string, commune: string) =>
    `Le contact ${email} existe déjà pour la commune ${commune}.`,
} as const;

type Actor = NonNullable<HistoryEntry['actor']>;

/** `GET contacts` (docs/api-recipients.md "The screen"): the extra recipients, by town name then e-mail. */
export async function listContacts(db: Kysely<Database>): Promise<Contact[]> {
  return db
    .selectFrom('contact')
    .select(['id', 'name', 'email'])
    .orderBy(sql`search_normalize(name)`)
    .orderBy(sql`lower(email)`)
    .orderBy('id')
    .execute();
}

/**
 * `POST contacts` {email, commune}: the town name (tolerant of case, accents, "St") is resolved
 * to its INSEE code and official name by the domain's town list; the same e-mail twice for a town
 * (whatever its case) is a CONFLICT. The contact and its history entry are written together.
 */
export async function addContact(
  db: Kysely<Database>,
  input: { form: ContactForm; actor: Actor },
): Promise<Contact> {
  const town = findTownByName(input.form.commune);
  // The route's schema already refused a non-member town; a direct caller gets the same message.
  if (!town) throw validationError('', [fieldError('commune', notMemberTownMessage(input.form.commune))]);
  const email = input.form.email.trim();
  return db.transaction().execute(async (trx) => {
    // Two administrators adding the same contact at once: the town's row serializes them.
    await trx.selectFrom('city').select('id').where('inseeCode', '=', town.inseeCode).forUpdate().execute();
    const existing = await trx
      .selectFrom('contact')
      .select('id')
      .where('inseeCode', '=', town.inseeCode)
      .where(sql<boolean>`lower(email) = lower(${email})`)
      .executeTakeFirst();
    if (existing) throw new AppError('CONFLICT', CONTACT_MESSAGES.duplicate(email, town.name));
    const contact = await trx
      .insertInto('contact')
      .values({ inseeCode: town.inseeCode, name: town.name, email })
      .returning(['id', 'name', 'email'])
      .executeTakeFirstOrThrow();
    await writeHistory(trx, {
      entity: 'contact',
      entityId: contact.id,
      actor: input.actor,
      context: "Ajout d'un contact",
      data: { commune: contact.name, email },
    });
    return contact;
  });
}

/** `DELETE contacts/{id}`: removes an extra recipient (NOT_FOUND when unknown), traced in the history. */
export async function deleteContact(
  db: Kysely<Database>,
  input: { id: number; actor: Actor },
): Promise<Contact> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('contact')
      .where('id', '=', input.id)
      .returning(['id', 'name', 'email'])
      .executeTakeFirst();
    if (!removed) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
    await writeHistory(trx, {
      entity: 'contact',
      entityId: removed.id,
      actor: input.actor,
      context: "Suppression d'un contact",
      data: { commune: removed.name, email: removed.email },
    });
    return removed;
  });
}
