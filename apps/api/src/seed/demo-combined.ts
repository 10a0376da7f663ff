import { sql, type Kysely } from 'kysely';
import { numberOfDays } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { demoParcels, demoSitesByTown } from './demo-request-content.ts';

// The demo of one request carrying several acts (docs/api-filing.md): the demo applicant's networks
// permission filed with the alignment request of the same place and, its trench opening the
// roadway, the traffic-police order (cerfa 14024) — filed three days ago, waiting for its
// instruction (state 3), so that the instructor can decide the three acts at once.

/** The reference of the demo's combined request (searchable in the list). */
export const DEMO_COMBINED_REFERENCE = 'ARRETES-DEMO';

const CAPBRETON = { insee: '40065', name: 'Capbreton', postalCode: '40130' };
const DAY = 86_400_000;

const day = (today: number, offset: number) => new Date(today + offset * DAY).toISOString().slice(0, 10);

/** A point on a managed road of Capbreton (the demo geography), else the town's interior point. */
async function site(db: Kysely<Database>) {
  const road = (await demoSitesByTown(db)).get(CAPBRETON.insee)?.[0];
  if (road) return road;
  const { rows } = await sql<{ x: number; y: number }>`
    SELECT ST_X(interior_point) AS x, ST_Y(interior_point) AS y FROM commune WHERE insee_code = ${CAPBRETON.insee}`.execute(
    db,
  );
  const point = rows[0];
  return point
    ? { ...point, addressType: 'Avenue', addressName: 'des Pins', wayType: 'Voie communale', inUrban: true }
    : null;
}

/**
 * Seeds the combined request (once, with the demo requests): its company applicant, its works
 * form with a trench under the roadway, its alignment request, its 14024, the request and its
 * filing history. Nothing without the demo applicant or the town.
 */
export async function seedDemoCombined(db: Kysely<Database>, options: { today: number }): Promise<void> {
  const owner = await db
    .selectFrom('stdUser')
    .select(['id', 'email'])
    .where('email', '=', 'demandeur@exemple.fr')
    .executeTakeFirst();
  const place = await site(db);
  if (!owner || !place) return;
  const { today } = options;
  const dateStart = day(today, 20);
  const dateEnd = day(today, 29);
  const deposit = new Date(today - 3 * DAY + 9 * 3_600_000);
  const d = 0.00015;
  const wkt = `POLYGON((${String(place.x - d)} ${String(place.y - d / 4)}, ${String(place.x + d)} ${String(place.y - d / 4)}, ${String(place.x + d)} ${String(place.y + d / 4)}, ${String(place.x - d)} ${String(place.y + d / 4)}, ${String(place.x - d)} ${String(place.y - d / 4)}))`;
  await db.transaction().execute(async (trx) => {
    const petitioner = await trx
      .insertInto('petitioner')
      .values({
        nature: 'Entreprise',
        corporationName: 'Durand Terrassement',
        corporationSiret: '41234567800019',
        corporationAgent: 'Marie Durand',
        addressNum: '8',
        addressType: 'Rue',
        addressName: 'du Port',
        addressCity: CAPBRETON.name,
        addressPostalCode: CAPBRETON.postalCode,
        country: 'France',
        phone: '0558720000',
        email: owner.email,
        stdUserId: owner.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cerfa = await trx
      .insertInto('cerfa14023')
      .values({
        isAccessDevelopment: false,
        themes: 'ouvrage_divers',
        natureWork: 'creation',
        networkConnection: 'eau_potable,eaux_usees',
        newInstallation: true,
        longitudinalTrenchUnderRoad: 18,
        transverseTrenchUnderRoad: 7,
        trackWidth: 6,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alignment = await trx
      .insertInto('individualAlignmentRequest')
      .values({
        reasonRequest: 'Real cloture',
        autorisationUrba: 'oui',
        typeDossier: 'PC',
        dosAutorisationUrba: 'PC 040 065 26 X0031',
        groundAlreadyRequested: 'non',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await trx
      .insertInto('cerfa14024')
      .values({
        previousPermission: false,
        workDescription: 'Raccordement aux réseaux d’eau potable et d’eaux usées sous chaussée',
        dateRegulation: dateStart,
        durationRegulation: numberOfDays(dateStart, dateEnd),
        directionTraffic: 'Deux sens de circulation',
        alternatingCirculationManual: true,
        encroachmentRoadway: true,
        trackWidthMaintained: 3,
        parkCar: true,
        parkTruck: true,
        overtakeCar: true,
        overtakeTruck: true,
        limitedSpeed: 30,
        detourRoute: 'Aucune : circulation alternée manuellement au droit du chantier.',
        signageBy: 'demandeur',
        gestSignageCorporationName: 'Durand Terrassement',
        gestSignageAgent: 'Marie Durand',
        gestSignagePhone: '0558720000',
        gestSignageEmail: owner.email,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = await trx
      .insertInto('request')
      .values({
        type: 1,
        stateId: 3,
        petitionerId: petitioner.id,
        cerfa14023Id: cerfa.id,
        alignmentId: alignment.id,
        cerfa14024Id: order.id,
        ownerUserId: owner.id,
        theGeom: sql`ST_ForceCollection(ST_SetSRID(ST_GeomFromText(${wkt}), 4326))` as never,
        lon: place.x,
        lat: place.y,
        addressNum: '14',
        addressType: place.addressType,
        addressName: place.addressName,
        addressCity: CAPBRETON.name,
        addressPostalCode: CAPBRETON.postalCode,
        ...demoParcels(CAPBRETON.insee, () => 0.42),
        wayType: place.wayType,
        inUrban: place.inUrban,
        numaffaire: `${String(deposit.getUTCFullYear())}-A001`,
        reference: DEMO_COMBINED_REFERENCE,
        project: 'Démonstration : permission, alignement et arrêté de circulation',
        dateStart,
        dateEnd,
        numberDays: numberOfDays(dateStart, dateEnd),
        accuracyInformation: true,
        madeIn: CAPBRETON.name,
        madeDate: deposit.toISOString().slice(0, 10),
        madeLastName: 'Durand',
        madeFirstName: 'Marie',
        madeFonction: 'Gérante',
        depositDate: deposit.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('historyLog')
      .values({
        entity: 'request',
        entityId: request.id,
        userId: owner.id,
        context: 'Dépôt de la demande',
        data: JSON.stringify({
          action: 'file',
          to: 3,
          type: 1,
          forms: ['cerfa14023', 'alignement', 'cerfa14024'],
        }),
        loggedAt: deposit,
      })
      .execute();
  });
}
