import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema/index.ts';
import type { TestApp } from './test-app.ts';

// Fixture geography around the interior points of Capbreton (40065, ~-1.4292 43.6309) and
// Saint-Vincent-de-Tyrosse (40284, ~-1.3014 43.6630). At latitude 43.6°, 0.0001° of
// longitude is ~8.1 m and 0.0001° of latitude ~11.1 m.

/** A bearer header for a fresh signed-in applicant. */
export async function signIn(
  t: TestApp,
  email = `geo-${Math.random().toString(36).slice(2)}@exemple.fr`,
): Promise<{ authorization: string }> {
  const { id } = await t.database.db
    .insertInto('stdUser')
    .values({ email, passwordHash: 'x', emailValidatedAt: sql`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db.insertInto('userRole').values({ userId: id, roleCode: 'ROLE_DEMANDEUR' }).execute();
  return { authorization: `Bearer ${await t.ctx.sessions.issue(id)}` };
}

/** Dax: in the Landes, outside the community. */
export const DAX = { lon: -1.053, lat: 43.71 } as const;

export const ROADS = {
  /** Capbreton, along latitude 43.6310, -1.4300 -> -1.4280. */
  pins: {
    name: 'Rue des Pins',
    typevoie: 'Voie communale',
    numero: null,
    insee: '40065',
    wkt: 'LINESTRING(-1.4300 43.6310, -1.4280 43.6310)',
  },
  /** Capbreton, along longitude -1.4270, 43.6300 -> 43.6320. */
  plage: {
    name: 'Avenue de la Plage',
    typevoie: 'Voie departementale en agglomeration',
    numero: 'D152',
    insee: '40065',
    wkt: 'LINESTRING(-1.4270 43.6300, -1.4270 43.6320)',
  },
  /** Capbreton, along latitude 43.6330: a way type the community does not manage. */
  bayonne: {
    name: 'Route de Bayonne',
    typevoie: 'Route departementale',
    numero: 'D652',
    insee: '40065',
    wkt: 'LINESTRING(-1.4300 43.6330, -1.4280 43.6330)',
  },
  /** Saint-Vincent-de-Tyrosse, in the activity zone. */
  lartigue: {
    name: 'Chemin de Lartigue',
    typevoie: 'VPC ZA',
    numero: null,
    insee: '40284',
    wkt: 'LINESTRING(-1.3020 43.6630, -1.3005 43.6630)',
  },
  /** Saint-Vincent-de-Tyrosse, a greenway. */
  verte: {
    name: null,
    typevoie: 'Voie Verte',
    numero: null,
    insee: '40284',
    wkt: 'LINESTRING(-1.2990 43.6650, -1.2970 43.6660)',
  },
} as const;

const box = (minLon: number, minLat: number, maxLon: number, maxLat: number) =>
  `MULTIPOLYGON(((${minLon} ${minLat}, ${maxLon} ${minLat}, ${maxLon} ${maxLat}, ${minLon} ${maxLat}, ${minLon} ${minLat})))`;

/** A cadastral parcel: its id is the INSEE code, the prefix 000, the section and the number. */
const parcel = (insee: string, section: string, numero: string, wkt: string) => ({
  id: `${insee}000${section}${numero}`,
  insee,
  section,
  numero,
  wkt,
});

/** Parcels 6.7 m off the Rue des Pins centre line, on both sides, and one in Saint-Vincent. */
export const PARCELS = [
  parcel('40065', 'AB', '0012', box(-1.4298, 43.63106, -1.4292, 43.6313)),
  parcel('40065', 'AB', '0013', box(-1.4292, 43.63106, -1.4286, 43.6313)),
  parcel('40065', 'AC', '0101', box(-1.4298, 43.6307, -1.4292, 43.63094)),
  parcel('40284', 'ZA', '0007', box(-1.3018, 43.66306, -1.301, 43.6633)),
];

type AddressFixture = {
  id: string;
  numero: number | null;
  rep: string | null;
  nomVoie: string;
  codePostal: string;
  codeInsee: string;
  nomCommune: string;
  lon: number;
  lat: number;
};
export const ADDRESSES: readonly AddressFixture[] = [
  {
    id: '40065_0520_00010',
    numero: 10,
    rep: null,
    nomVoie: 'Rue des Pins',
    codePostal: '40130',
    codeInsee: '40065',
    nomCommune: 'Capbreton',
    lon: -1.4297,
    lat: 43.63112,
  },
  {
    id: '40065_0520_00012',
    numero: 12,
    rep: null,
    nomVoie: 'Rue des Pins',
    codePostal: '40130',
    codeInsee: '40065',
    nomCommune: 'Capbreton',
    lon: -1.4295,
    lat: 43.63112,
  },
  {
    id: '40065_0520_00012_bis',
    numero: 12,
    rep: 'bis',
    nomVoie: 'Rue des Pins',
    codePostal: '40130',
    codeInsee: '40065',
    nomCommune: 'Capbreton',
    lon: -1.4294,
    lat: 43.63112,
  },
  {
    id: '40065_0520_00014',
    numero: 14,
    rep: null,
    nomVoie: 'Rue des Pins',
    codePostal: '40130',
    codeInsee: '40065',
    nomCommune: 'Capbreton',
    lon: -1.4293,
    lat: 43.63112,
  },
  {
    id: '40065_0530_00003',
    numero: 3,
    rep: null,
    nomVoie: 'Allée des Pinsons',
    codePostal: '40130',
    codeInsee: '40065',
    nomCommune: 'Capbreton',
    lon: -1.4285,
    lat: 43.632,
  },
  {
    id: '40065_0100_00007',
    numero: 7,
    rep: null,
    nomVoie: 'Avenue de la Plage',
    codePostal: '40130',
    codeInsee: '40065',
    nomCommune: 'Capbreton',
    lon: -1.42695,
    lat: 43.631,
  },
  {
    id: '40284_0300_00005',
    numero: 5,
    rep: null,
    nomVoie: 'Rue des Pins',
    codePostal: '40230',
    codeInsee: '40284',
    nomCommune: 'Saint-Vincent-de-Tyrosse',
    lon: -1.3012,
    lat: 43.6628,
  },
  {
    id: '40284_0400_00002',
    numero: 2,
    rep: null,
    nomVoie: "Place de l'Église",
    codePostal: '40230',
    codeInsee: '40284',
    nomCommune: 'Saint-Vincent-de-Tyrosse',
    lon: -1.3016,
    lat: 43.6632,
  },
];

/** The activity zone of Saint-Vincent-de-Tyrosse. */
export const ZONE = { codeOpe: 'ZA-CASSIET', name: 'ZA de Cassiet', wkt: box(-1.3025, 43.662, -1.3, 43.664) };

/** Inserts the fixture geography and three operators; returns their perimeter ids. */
export async function insertGeoFixtures(db: Kysely<Database>) {
  for (const [key, road] of Object.entries(ROADS)) {
    await sql`INSERT INTO road_segment (source, source_id, typevoie, name, numero, in_urban, insee_code, geom)
      VALUES ('test', ${key}, ${road.typevoie}, ${road.name}, ${road.numero}, ${road.typevoie === 'Voie departementale en agglomeration'},
        ${road.insee}, ST_GeomFromText(${road.wkt}, 4326))`.execute(db);
  }
  for (const parcel of PARCELS) {
    await sql`INSERT INTO parcel (id, insee_code, section, numero, geom)
      VALUES (${parcel.id}, ${parcel.insee}, ${parcel.section}, ${parcel.numero}, ST_GeomFromText(${parcel.wkt}, 4326))`.execute(
      db,
    );
  }
  for (const a of ADDRESSES) {
    await sql`INSERT INTO address (id, numero, rep, nom_voie, code_postal, code_insee, nom_commune, lon, lat, geom)
      VALUES (${a.id}, ${a.numero}, ${a.rep}, ${a.nomVoie}, ${a.codePostal}, ${a.codeInsee}, ${a.nomCommune}, ${a.lon}, ${a.lat},
        ST_SetSRID(ST_MakePoint(${a.lon}::float8, ${a.lat}::float8), 4326))`.execute(db);
  }
  await sql`INSERT INTO zone (code_ope, name, geom) VALUES (${ZONE.codeOpe}, ${ZONE.name}, ST_GeomFromText(${ZONE.wkt}, 4326))`.execute(
    db,
  );

  const territory = async (type: string, code: string) =>
    (
      await db
        .selectFrom('perimeter')
        .select('id')
        .where('type', '=', type as 'town')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  const capbreton = await territory('town', '40065');
  const tyrosse = await territory('town', '40284');
  const epci = (
    await db.selectFrom('perimeter').select('id').where('type', '=', 'epci').executeTakeFirstOrThrow()
  ).id;
  const operator = async (libelle: string, code: string, members: number[]) => {
    const { id } = await db
      .insertInto('perimeter')
      .values({ libelle, code, type: 'operator' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const perimeterId of members)
      await db.insertInto('perimeterMember').values({ operatorId: id, perimeterId }).execute();
    return id;
  };
  return {
    capbreton,
    tyrosse,
    epci,
    reseauxSudLandes: await operator('Réseaux Sud Landes', '12345678900012', [capbreton]),
    fibreAdour: await operator('Fibre Adour', '98765432100021', [tyrosse]),
    energiesOceanes: await operator('Énergies Océanes', '11122233300044', [epci]),
  };
}
