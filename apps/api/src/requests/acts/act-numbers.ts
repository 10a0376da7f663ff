import { sql, type Kysely } from 'kysely';
import {
  ACT_NATURE_LABELS,
  ACT_NUMBER_DEFAULT_FORMAT,
  ACT_NUMBER_FORMAT_KEY,
  ACT_REGISTER_MESSAGES,
  ACTES_NUMBER_PATTERN,
  actNature,
  actNumberFormatProblem,
  formatActNumber,
  type Act,
  type ActNature,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { readAppSetting } from '../../db/app-settings.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Actor } from '../../policies/visibility.ts';
import { locationOf } from '../present-request.ts';
import { signatoryAtSigning } from './act-signatory.ts';
import type { RequestListRow } from '../list-query.ts';

// Numbers of the signed acts (docs/acts.md): taken in the signature's own transaction from the
// year's row of `act_counter` (migration 0036). The upsert locks that row until the transaction
// ends: a second signature at once waits for it, and a signature rolled back gives its number
// back — numbers follow one another without gaps or duplicates, per Paris year.

/** The number format in force: the administrator's, else the default (a bad stored one too). */
export async function readActNumberFormat(db: Kysely<Database>): Promise<string> {
  const format = await readAppSetting(db, ACT_NUMBER_FORMAT_KEY);
  return format !== undefined && actNumberFormatProblem(format) === null ? format : ACT_NUMBER_DEFAULT_FORMAT;
}

/** The year's next sequence, its row locked until the transaction ends. */
async function takeSequence(trx: Kysely<Database>): Promise<{ year: number; sequence: number }> {
  const { rows } = await sql<{ year: number; sequence: number }>`
    INSERT INTO act_counter (year, last_sequence)
      VALUES (extract(year FROM now() AT TIME ZONE 'Europe/Paris')::int, 1)
    ON CONFLICT (year) DO UPDATE SET last_sequence = act_counter.last_sequence + 1
    RETURNING year, last_sequence AS sequence`.execute(trx);
  return rows[0]!;
}

/** The register's subject of an act: its title, the place, the request's number. */
export function actSubject(
  nature: ActNature,
  request: Pick<RequestListRow, 'id' | 'addressNum' | 'addressType' | 'addressName' | 'addressCity'>,
): string {
  const place = [locationOf(request), request.addressCity].filter(Boolean).join(', ');
  return `${ACT_NATURE_LABELS[nature]}${place ? ` — ${place}` : ''} (demande n° ${String(request.id)})`;
}

export interface SignedActs {
  request: RequestListRow;
  acts: readonly Act[];
  /** The signed PDF of each act, in the order of `acts`. */
  documentIds: readonly number[];
  /** The decision of the request's own act (a refused permission is registered as a refusal). */
  isFavorable: boolean | null;
}

/** One act to enter in the register: its nature and its signed PDF. */
interface ActToRegister {
  nature: ActNature;
  documentId: number | null;
}

/**
 * Numbers signed acts and enters them in the register, in `trx` (the signature's), in order.
 * Returns their numbers; a number the ACTES rule refuses rolls the whole signature back.
 */
export async function registerActs(
  trx: Kysely<Database>,
  actor: Actor,
  request: RequestListRow,
  acts: readonly ActToRegister[],
): Promise<string[]> {
  const format = await readActNumberFormat(trx);
  const signatory = await signatoryAtSigning(trx, request.id, actor.id);
  const numbers: string[] = [];
  for (const act of acts) {
    const { year, sequence } = await takeSequence(trx);
    const number = formatActNumber(format, year, sequence);
    if (!ACTES_NUMBER_PATTERN.test(number)) {
      throw new AppError('CONFLICT', ACT_REGISTER_MESSAGES.numberTooLong(number));
    }
    await trx
      .insertInto('actRegister')
      .values({
        year,
        sequence,
        number,
        nature: act.nature,
        subject: actSubject(act.nature, request),
        town: request.addressCity,
        requestId: request.id,
        documentId: act.documentId,
        recordedBy: actor.id,
        ...signatory,
        // After the counter's lock: the register's date order is its numbers' order.
        signedAt: sql`clock_timestamp()`,
      })
      .execute();
    numbers.push(number);
  }
  return numbers;
}

/** Numbers the orders of a request just signed (a refused permission is registered as a refusal). */
export async function registerSignedActs(
  trx: Kysely<Database>,
  actor: Actor,
  signed: SignedActs,
): Promise<string[]> {
  return registerActs(
    trx,
    actor,
    signed.request,
    signed.acts.map((act, index) => ({
      nature: actNature(act.kind, act.principal ? signed.isFavorable : true),
      documentId: signed.documentIds[index] ?? null,
    })),
  );
}
