import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../src/db/schema/index.ts';
import type { Cerfa14023Table, Cerfa14024Table } from '../src/db/schema/requests.ts';
import { createRequest, type RequestSpec, type TestUser } from './requests-factory.ts';

// Works sites for the tests of the works calendar and the public works map (docs/works-calendar.md,
// docs/public-works.md): a request of the factory with its works form (cerfa 14023) and, when
// given, its traffic order (cerfa 14024).

export interface WorksSpec extends RequestSpec {
  works?: Insertable<Cerfa14023Table>;
  trafficOrder?: Insertable<Cerfa14024Table>;
  phone?: string;
}

/** A request with its works form (and traffic order); its ids. */
export async function createWorks(
  db: Kysely<Database>,
  spec: WorksSpec,
): Promise<{ id: number; publicId: string }> {
  const created = await createRequest(db, spec);
  const works = await db
    .insertInto('cerfa14023')
    .values({ isAccessDevelopment: spec.kind === 3, isFavorable: true, ...spec.works })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = spec.trafficOrder
    ? await db.insertInto('cerfa14024').values(spec.trafficOrder).returning('id').executeTakeFirstOrThrow()
    : null;
  await db
    .updateTable('request')
    .set({ cerfa14023Id: works.id, cerfa14024Id: order?.id ?? null })
    .where('id', '=', created.id)
    .execute();
  if (spec.phone) {
    await db
      .updateTable('petitioner')
      .set({ phone: spec.phone })
      .where('id', '=', (eb) => eb.selectFrom('request').select('petitionerId').where('id', '=', created.id))
      .execute();
  }
  return created;
}

/** A favourable permission of `applicant`, signed (state 4), its works from 1 to 20 December 2026. */
export function createSignedPermission(
  db: Kysely<Database>,
  people: { applicant: TestUser; instructor: TestUser },
  kind: 1 | 3 = 1,
): Promise<{ id: number; publicId: string }> {
  return createWorks(db, {
    owner: people.applicant,
    state: 4,
    kind,
    instructeurId: people.instructor.id,
    dateStart: '2026-12-01',
    dateEnd: '2026-12-20',
  });
}

/** A reception refused at the visit of 22 December 2026: joints and a curb (free text), on the roadway. */
export const RECEPTION_REFUSAL = {
  avis: 'refusé',
  dateVisite: '2026-12-22',
  motifRefus: ['joints', 'autre'],
  motifRefusTxt: 'Bordure abîmée',
  partieDomainePublic: ['Chaussée'],
};
