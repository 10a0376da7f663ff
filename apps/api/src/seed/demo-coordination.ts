import { sql, type Insertable, type Kysely } from 'kysely';
import { numberOfDays } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { Cerfa14023Table, PetitionerTable } from '../db/schema/requests.ts';
import { recordFilingCheck } from '../coordination/coordination-service.ts';
import { demoParcels } from './demo-request-content.ts';

// The coordination showcase of the demo (docs/coordination.md), on one road of
// Seignosse (the demo road manager's territory): along it, from one end,
// - works received ten months ago whose decision redid the carriageway in full width (0–120 m);
// - the demo applicant's networks permission, filed and waiting for its instruction (0–60 m),
//   in conflict with
// - the operator's permission in force (80–140 m: 20 m away), whose works overlap the first's by
//   three days.
// The first request is the one the e2e journey opens (its reference: DEMO_COORDINATION_REFERENCE).

/** The reference of the demo applicant's request in conflict (searchable in the list). */
export const DEMO_COORDINATION_REFERENCE = 'COORDINATION-DEMO';

const SEIGNOSSE = '40296';
const DAY = 86_400_000;

interface Piece {
  /** Metres from the start of the road line. */
  from: number;
  to: number;
}

interface DemoPermission {
  state: number;
  owner: string | null;
  petitioner: Insertable<PetitionerTable>;
  piece: Piece;
  /** Days from today. */
  start: number;
  end: number;
  deposit: number;
  cerfa: Insertable<Cerfa14023Table>;
  reference: string | null;
}

const day = (today: number, offset: number) => new Date(today + offset * DAY).toISOString().slice(0, 10);

/**
 * The road the showcase lies on: a managed segment of Seignosse at least 250 m long (the demo
 * geography), else a 250 m line across the town's interior point (no road network loaded).
 */
async function showcaseRoad(db: Kysely<Database>) {
  const { rows } = await sql<{ name: string | null; line: string; length: number }>`
    WITH road AS (
      SELECT s.name, s.geom FROM road_segment s
      WHERE s.insee_code = ${SEIGNOSSE} AND s.name IS NOT NULL AND ST_Length(s.geom::geography) BETWEEN 250 AND 3000
      ORDER BY s.id LIMIT 1
    ), fallback AS (
      SELECT NULL::text AS name,
        ST_MakeLine(ST_Translate(c.interior_point, -0.0016, 0), ST_Translate(c.interior_point, 0.0016, 0)) AS geom
      FROM commune c WHERE c.insee_code = ${SEIGNOSSE}
    ), chosen AS (
      SELECT * FROM road UNION ALL SELECT * FROM fallback WHERE NOT EXISTS (SELECT 1 FROM road)
    )
    SELECT name, ST_AsEWKT(geom) AS line, ST_Length(geom::geography) AS length FROM chosen`.execute(db);
  return rows[0] ?? null;
}

/**
 * Seeds the coordination showcase (once, with the demo requests): three permissions along one
 * road of Seignosse and the search « au dépôt » of the one in conflict. Nothing without the
 * demo accounts or the town.
 */
export async function seedDemoCoordination(db: Kysely<Database>, options: { now: Date }): Promise<void> {
  const road = await showcaseRoad(db);
  const users = new Map(
    (
      await db
        .selectFrom('stdUser')
        .select(['id', 'email'])
        .where('email', 'in', ['demandeur@exemple.fr', 'operateur@exemple.fr', 'instructeur@exemple.fr'])
        .execute()
    ).map((row) => [row.email, row.id]),
  );
  if (!road || !users.has('demandeur@exemple.fr')) return;
  const today = Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate());
  const [streetType, ...streetName] = (road.name ?? 'Avenue des Lacs').split(' ');
  const permissions: DemoPermission[] = [
    {
      state: 2,
      owner: null,
      petitioner: { nature: 'Entreprise', corporationName: 'Colas Aquitaine', email: 'contact@exemple.fr' },
      piece: { from: 0, to: 120 },
      start: -330,
      end: -316,
      deposit: -380,
      cerfa: {
        isAccessDevelopment: false,
        themes: 'ouvrage_divers',
        natureWork: 'renouvellement',
        networkConnection: 'eaux_usees',
        isFavorable: true,
        decisionRefections: 'pleine largeur chaussée',
      },
      reference: null,
    },
    {
      state: 3,
      owner: 'demandeur@exemple.fr',
      petitioner: {
        nature: 'Particulier',
        title: 'Madame',
        firstName: 'Marie',
        lastName: 'Durand',
        email: 'demandeur@exemple.fr',
      },
      piece: { from: 0, to: 60 },
      start: 10,
      end: 24,
      deposit: -2,
      cerfa: {
        isAccessDevelopment: false,
        themes: 'pose_compteur',
        natureWork: 'creation',
        networkConnection: 'eau_potable',
        longitudinalTrenchUnderRoad: 55,
      },
      reference: DEMO_COORDINATION_REFERENCE,
    },
    {
      state: 4,
      owner: 'operateur@exemple.fr',
      petitioner: {
        nature: 'Entreprise',
        corporationName: 'Réseaux Sud Landes',
        corporationAgent: 'Jean Lalanne',
        email: 'operateur@exemple.fr',
      },
      piece: { from: 80, to: 140 },
      start: -5,
      end: 12,
      deposit: -40,
      cerfa: {
        isAccessDevelopment: false,
        themes: 'ouvrage_divers',
        natureWork: 'creation',
        networkConnection: 'operateurs_reseaux',
        isFavorable: true,
      },
      reference: null,
    },
  ];
  const instructorId = users.get('instructeur@exemple.fr') ?? null;
  const ids = await db.transaction().execute(async (trx) => {
    const created: number[] = [];
    for (const [index, permission] of permissions.entries()) {
      const ownerId = permission.owner ? (users.get(permission.owner) ?? null) : null;
      const petitioner = await trx
        .insertInto('petitioner')
        .values({ ...permission.petitioner, stdUserId: ownerId, country: 'France' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const cerfa = await trx
        .insertInto('cerfa14023')
        .values({ ...permission.cerfa, instructeurId: permission.state === 3 ? null : instructorId })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A trench 2 m wide along the road, between the piece's two distances.
      const footprint = sql`(SELECT ST_ForceCollection(ST_Buffer(ST_LineSubstring(line, ${permission.piece.from / road.length}::float8, ${permission.piece.to / road.length}::float8)::geography, 2)::geometry)
        FROM (SELECT ST_GeomFromEWKT(${road.line}) AS line) AS l)`;
      const dateStart = day(today, permission.start);
      const dateEnd = day(today, permission.end);
      const deposit = new Date(today + permission.deposit * DAY + 9.5 * 3_600_000);
      const request = await trx
        .insertInto('request')
        .values({
          type: 1,
          stateId: permission.state,
          petitionerId: petitioner.id,
          cerfa14023Id: cerfa.id,
          ownerUserId: ownerId,
          instructeurId: permission.state === 3 ? null : instructorId,
          theGeom: footprint as never,
          addressNum: String(2 + index * 14),
          addressType: road.name ? streetType! : 'Avenue',
          addressName: road.name ? streetName.join(' ') : 'des Lacs',
          addressCity: 'Seignosse',
          addressPostalCode: '40510',
          // The parcels along the trench, as the wizard's look-up lists them.
          ...demoParcels(SEIGNOSSE, () => (0.11 + index * 0.37) % 1),
          wayType: 'Voie communale',
          inUrban: true,
          numaffaire: `${String(deposit.getUTCFullYear())}-C${String(index + 1).padStart(3, '0')}`,
          reference: permission.reference,
          project: 'Démonstration : coordination des travaux',
          dateStart,
          dateEnd,
          numberDays: numberOfDays(dateStart, dateEnd),
          accuracyInformation: true,
          madeIn: 'Seignosse',
          madeDate: deposit.toISOString().slice(0, 10),
          madeLastName: permission.petitioner.lastName ?? 'Lalanne',
          madeFirstName: permission.petitioner.firstName ?? 'Jean',
          madeFonction: permission.petitioner.corporationName ? 'Chargé d’affaires' : 'Propriétaire',
          depositDate: deposit.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('request')
        .set({
          lon: sql`ST_X(ST_PointOnSurface(the_geom))`,
          lat: sql`ST_Y(ST_PointOnSurface(the_geom))`,
        })
        .where('id', '=', request.id)
        .execute();
      const history = (entry: { userId: number | null; context: string; data: object; at: Date }) =>
        trx
          .insertInto('historyLog')
          .values({
            entity: 'request',
            entityId: request.id,
            userId: entry.userId,
            context: entry.context,
            data: JSON.stringify(entry.data),
            loggedAt: entry.at,
          })
          .execute();
      await history({
        userId: ownerId,
        context: 'Dépôt de la demande',
        data: { action: 'file', to: 3, type: 1 },
        at: deposit,
      });
      if (permission.state === 2) {
        // Received two weeks after the works: the full-width refection dates from then.
        const received = day(today, permission.end + 14);
        await trx
          .insertInto('reception')
          .values({
            requestId: request.id,
            stateId: 2,
            exState: 7,
            option: 'Rendez-vous',
            avis: 'accepté',
            dateVisite: received,
          })
          .execute();
        await history({
          userId: instructorId,
          context: 'Dossier réceptionné.',
          data: { action: 'recordReception', from: 7, to: 2, avis: 'accepté' },
          at: new Date(`${received}T10:00:00Z`),
        });
      }
      created.push(request.id);
    }
    return created;
  });
  // The search « au dépôt » of the request in conflict, as filing records it.
  await recordFilingCheck(db, ids[1]!);
}
