import { parisDateTime, signatoryLine } from '@voirie/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { registerQuery } from './act-register.ts';
import { renderRegisterPdf } from './register-pdf.ts';

/** `GET acts/register.pdf`: the register of one year, every act in register order, as a PDF. */
export async function printActRegister(
  db: Kysely<Database>,
  year: number,
  authority: string,
): Promise<Uint8Array> {
  const rows = await registerQuery(db, { year })
    .select([
      'a.number',
      'a.sequence',
      'a.nature',
      'a.subject',
      'a.town',
      'a.signedAt',
      'a.signatoryName',
      'a.signatoryTitle',
    ])
    .orderBy('a.sequence')
    .execute();
  const acts = rows.map((row) => ({
    ...row,
    town: row.town ?? '',
    signatory: signatoryLine(row),
    signedAt: parisDateTime(new Date(row.signedAt)),
  }));
  return renderRegisterPdf(year, acts, authority);
}
