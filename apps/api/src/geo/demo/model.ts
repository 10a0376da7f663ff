import type { TypeDeVoie } from '@voirie/domain';
import type { Pt, Region } from './geo.ts';
import type { Random } from './prng.ts';

/** What a generated road segment is; the BD TOPO attributes follow from it (formats.ts). */
export type SegmentKind =
  | 'street' // town street: Voie communale
  | 'main' // departmental road in the built-up area: Voie departementale en agglomeration
  | 'mainOutside' // the same road outside the built-up area: Route départementale (refused)
  | 'rural' // rural road: Voie communale
  | 'track' // dirt track: Chemin rural (refused)
  | 'zone' // activity-zone road: VPC ZA
  | 'motorway' // A63 (refused)
  | 'greenway'; // Voie Verte

/** A named street of a town; addresses are numbered along it. */
export interface Street {
  name: string;
  type: TypeDeVoie;
  /** FANTOIR-like 4-character code, unique in the town (BAN id and id_fantoir). */
  code: string;
  /** Road number ('D652') of a departmental road. */
  numero: string | null;
}

export interface Segment {
  kind: SegmentKind;
  points: Pt[];
  street: Street | null;
  /** Town of the segment, or null (outside the territory: the importer skips it). */
  insee: string | null;
  numero: string | null;
}

/** A parcel being built: a counter-clockwise ring (not closed) and, when it fronts a street, where. */
export interface Lot {
  ring: Pt[];
  front: {
    street: Street;
    /** Position along the street (for numbering) and side (left: odd numbers). */
    t: number;
    left: boolean;
    /** A point of the lot 3 m behind the middle of its front: the address position. */
    point: Pt;
  } | null;
}

/** A member town with what the generator needs. */
export interface DemoTown {
  insee: string;
  name: string;
  postalCode: string;
  libelleAcheminement: string;
  population: number;
  areaKm2: number;
  region: Region;
  centre: Pt;
  random: Random;
}
