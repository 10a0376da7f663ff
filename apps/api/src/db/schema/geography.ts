import type { Generated, GeneratedAlways } from 'kysely';
import type {
  DefaultTimestamp,
  Geometry,
  NullableDate,
  NullableGeometry,
  NullableTimestamp,
} from './columns.ts';

/** A member town; geom MultiPolygon, interior_point a point surely inside it. */
export interface CommuneTable {
  inseeCode: string;
  name: string;
  postalCodes: string[];
  postalCode: string;
  libelleAcheminement: string | null;
  siren: string | null;
  departementCode: string;
  epciSiren: string | null;
  population: number | null;
  interiorPoint: Geometry;
  geom: Geometry;
}

/** A town's (City, docs/data-model.md) editable recipient e-mails. `mailPm` is the spec's `mailPM`. */
export interface CityTable {
  id: Generated<number>;
  inseeCode: string;
  name: string;
  mailMairie: string | null;
  mailPm: string | null;
  updatedAt: DefaultTimestamp;
}

/** Contact (docs/data-model.md): an extra recipient (town name and e-mail). */
export interface ContactTable {
  id: Generated<number>;
  inseeCode: string | null;
  name: string;
  email: string;
  createdAt: DefaultTimestamp;
}

/** A road segment (LineString); typevoie is the portal's way type. */
export interface RoadSegmentTable {
  id: Generated<number>;
  /** 'bdtopo', 'osm', 'demo'… */
  source: string;
  sourceId: string | null;
  typevoie: string;
  name: string | null;
  /** INSEE way-type code (RUE, AV…), shared/data/voie-types.json. */
  typeVoieCode: string | null;
  /** Road number, e.g. 'D652'. */
  numero: string | null;
  inUrban: Generated<boolean>;
  gestionnaire: string | null;
  inseeCode: string | null;
  geom: Geometry;
}

/** A cadastral parcel (Etalab cadastre); id like 40065000AB0123. */
export interface ParcelTable {
  id: string;
  inseeCode: string;
  prefixe: Generated<string>;
  section: string;
  numero: string;
  contenance: number | null;
  arpente: boolean | null;
  pciCreated: NullableDate;
  pciUpdated: NullableDate;
  geom: Geometry;
}

/** A BAN address (columns under their BAN names). */
export interface AddressTable {
  id: string;
  idFantoir: string | null;
  numero: number | null;
  rep: string | null;
  nomVoie: string;
  codePostal: string | null;
  codeInsee: string;
  nomCommune: string;
  codeInseeAncienneCommune: string | null;
  nomAncienneCommune: string | null;
  lon: number;
  lat: number;
  typePosition: string | null;
  nomLd: string | null;
  libelleAcheminement: string | null;
  nomAfnor: string | null;
  sourcePosition: string | null;
  sourceNomVoie: string | null;
  certificationCommune: boolean | null;
  /** Parcel ids separated by '|'. */
  cadParcelles: string | null;
  geom: Geometry;
  /** search_normalize(numero rep nom_voie code_postal nom_commune), computed by PostgreSQL. */
  searchText: GeneratedAlways<string>;
}

/** An operation zone. */
export interface ZoneTable {
  id: Generated<number>;
  codeOpe: string;
  name: string | null;
  geom: Geometry;
}

export type PerimeterType = 'department' | 'epci' | 'town' | 'operator' | 'soustraitant';

/** A territory (with geometry) or an operator/subcontractor group (without). */
export interface PerimeterTable {
  id: Generated<number>;
  libelle: string;
  /** Department code, EPCI SIREN, town INSEE code, or a group's SIRET. */
  code: string | null;
  type: PerimeterType;
  geom: NullableGeometry;
  createdAt: DefaultTimestamp;
  /** A deleted group (kept for the requests filed for it); territories are never deleted. */
  deletedAt: NullableTimestamp;
}

/** A subcontractor group's mandate by an operator group, days from–to (both included; no end: open-ended). */
export interface MandateTable {
  id: Generated<number>;
  soustraitantId: number;
  operatorId: number;
  dateFrom: string;
  dateTo: NullableDate;
  createdAt: DefaultTimestamp;
}

/** An operator's territories: operator perimeter -> department/epci/town perimeter. */
export interface PerimeterMemberTable {
  operatorId: number;
  perimeterId: number;
}

export type UserPerimeterKind = 'guichet' | 'gestionnaire' | 'operateur' | 'soustraitant';

/** The perimeters of a user, by role. */
export interface UserPerimeterTable {
  userId: number;
  perimeterId: number;
  kind: UserPerimeterKind;
}

/** A consultation (a map layer of Plat'AU consultations), docs/data-model.md "Entities". */
export interface ConsultationTable {
  id: Generated<number>;
  /** The Plat'AU number of the consultation (unique: the import's key, migration 0032). */
  platauId: string;
  service: string;
  /** Point, Polygon or MultiPolygon. */
  geom: Geometry;
  createdAt: DefaultTimestamp;
}

export interface GeographyTables {
  commune: CommuneTable;
  city: CityTable;
  contact: ContactTable;
  roadSegment: RoadSegmentTable;
  parcel: ParcelTable;
  address: AddressTable;
  zone: ZoneTable;
  perimeter: PerimeterTable;
  perimeterMember: PerimeterMemberTable;
  mandate: MandateTable;
  userPerimeter: UserPerimeterTable;
  consultation: ConsultationTable;
}
