import { sql, type Insertable, type Kysely } from 'kysely';
import { COMMUNITY_WAY_TYPES, TYPE_DE_VOIE_OPTIONS } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { Cerfa14023Table, IndividualAlignmentRequestTable } from '../db/schema/requests.ts';

// What makes a demo request complete, as if filed through the wizard: a site on a road the
// community manages (when the demo geography is loaded), parcels, the works form or alignment
// reason, the attestation. A request in completeness (state 8) can then be completed by the demo
// applicant without retyping anything.

/** A point on a managed road of a town, with its street. */
export interface DemoSite {
  x: number;
  y: number;
  addressType: string;
  addressName: string;
  wayType: string;
  inUrban: boolean;
}

interface RoadRow {
  insee: string;
  name: string;
  typeVoieCode: string | null;
  typevoie: string;
  inUrban: boolean;
  x: number;
  y: number;
}

/** 'Rue des Pins' with code 'RUE' -> ['Rue', 'des Pins']; the whole name when no label matches. */
function splitRoadName(name: string, code: string | null): { addressType: string; addressName: string } {
  const label = TYPE_DE_VOIE_OPTIONS.find((option) => option.code === code)?.libelle;
  if (label && name.toLowerCase().startsWith(`${label.toLowerCase()} `)) {
    return { addressType: label, addressName: name.slice(label.length).trim() };
  }
  return { addressType: 'Rue', addressName: name };
}

/**
 * Up to 30 named road segments per town of a type the community manages, at their middle;
 * an empty map when no road network is loaded (the requests then stand near the town's centre).
 */
export async function demoSitesByTown(db: Kysely<Database>): Promise<Map<string, DemoSite[]>> {
  const { rows } = await sql<RoadRow>`
    SELECT insee_code AS insee, name, type_voie_code AS "typeVoieCode", typevoie, in_urban AS "inUrban",
      ST_X(ST_LineInterpolatePoint(geom, 0.5)) AS x, ST_Y(ST_LineInterpolatePoint(geom, 0.5)) AS y
    FROM (
      SELECT *, row_number() OVER (PARTITION BY insee_code ORDER BY id) AS rank
      FROM road_segment
      WHERE name IS NOT NULL AND insee_code IS NOT NULL AND typevoie IN (${sql.join([...COMMUNITY_WAY_TYPES])})
    ) managed
    WHERE rank <= 30`.execute(db);
  const sites = new Map<string, DemoSite[]>();
  for (const row of rows) {
    const list = sites.get(row.insee) ?? [];
    list.push({
      x: row.x,
      y: row.y,
      wayType: row.typevoie,
      inUrban: row.inUrban,
      ...splitRoadName(row.name, row.typeVoieCode),
    });
    sites.set(row.insee, list);
  }
  return sites;
}

type Random = () => number;
const pickWith = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The works form of a permission: networks (kind 1) or access/fencing (kind 3). */
export function demoWorksForm(kind: 1 | 3, random: Random): Insertable<Cerfa14023Table> {
  if (kind === 1) {
    return {
      isAccessDevelopment: false,
      themes: pickWith(random, ['ouvrage_divers', 'pose_compteur', 'ouvrage_divers,pose_compteur']),
      natureWork: pickWith(random, ['creation', 'renouvellement']),
      networkConnection: pickWith(random, ['eau_potable', 'edf', 'operateurs_reseaux', 'gdf,eaux_usees']),
      longitudinalTrenchUnderRoad: Math.round(random() * 8000) / 100,
      transverseTrenchUnderRoad: Math.round(random() * 1200) / 100,
      trackWidth: Math.round((3 + random() * 4) * 100) / 100,
    };
  }
  const ditch = random() < 0.3;
  return {
    isAccessDevelopment: true,
    themes: pickWith(random, [
      'amenagement_acces',
      'amenagement_acces,depot_stationnement',
      'saillie_surplomb',
    ]),
    layoutWidth: Math.round((3 + random() * 3) * 100) / 100,
    ditchCrossing: ditch,
    pipeDiameter: ditch ? pickWith(random, [300, 400, 500]) : null,
    installationFencesAlignment: random() < 0.5,
    installationGateAlignment: random() < 0.5,
  };
}

/** The alignment reason of a kind 2 request. */
export function demoAlignmentForm(random: Random): Insertable<IndividualAlignmentRequestTable> {
  const reason = pickWith(random, ['Implantation bat', 'Real cloture', 'Plant haie', 'Division parcellaire']);
  const urba = random() < 0.4;
  return {
    reasonRequest: reason,
    autorisationUrba: urba ? 'oui' : 'non',
    typeDossier: urba ? pickWith(random, ['PC', 'DP', 'PA']) : null,
    groundAlreadyRequested: 'non',
  };
}

/** Two parcels of the town around the site, with their section ('40065000AB0123'). */
export function demoParcels(insee: string, random: Random): { plotNumbers: string; sections: string } {
  const section = pickWith(random, ['AB', 'AC', 'AD', 'BK', 'CE']);
  const first = 10 + Math.floor(random() * 900);
  const parcel = (number: number) => `${insee}000${section}${String(number).padStart(4, '0')}`;
  return { plotNumbers: `${parcel(first)},${parcel(first + 1)}`, sections: section };
}

/**
 * Completeness asks of a demo request in state 8: the signed form and the answer to the
 * completeness request (85 and 101, the pair a transfer back to the applicant needs).
 */
export const DEMO_MISSING_DOCUMENT_TYPE_IDS = [85, 101] as const;
