import { COMMUNITY_WAY_TYPES, isCommunityWayType, type CommunityWayType } from '@voirie/domain';

// Colours of the roads layer and its legend: one colour per way type the community manages
// (COMMUNITY_WAY_TYPES), one dashed grey for every other type. Each colour has a contrast of at
// least 3:1 on white and on the light map backgrounds (WCAG 1.4.11).

export const ACCEPTED_ROAD_COLORS: Readonly<Record<CommunityWayType, string>> = {
  'Voie communale': '#1f5fbf',
  'Voie departementale en agglomeration': '#b34000',
  'VPC ZA': '#7a3db8',
  'Voie Verte': '#18753c',
};

export const REFUSED_ROAD_COLOR = '#6a6a6a';

export interface RoadLegendEntry {
  label: string;
  color: string;
  dashed: boolean;
}

/** The roads legend: the managed types, then the others. */
export const ROAD_LEGEND: readonly RoadLegendEntry[] = [
  ...COMMUNITY_WAY_TYPES.map((type) => ({ label: type, color: ACCEPTED_ROAD_COLORS[type], dashed: false })),
  { label: 'Autres voies (hors gestion de la communauté)', color: REFUSED_ROAD_COLOR, dashed: true },
];

/** The colour and dash of a road segment of this way type. */
export function roadStyleOf(typevoie: string | null | undefined): { color: string; dashed: boolean } {
  return isCommunityWayType(typevoie)
    ? { color: ACCEPTED_ROAD_COLORS[typevoie], dashed: false }
    : { color: REFUSED_ROAD_COLOR, dashed: true };
}
