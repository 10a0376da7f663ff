import {
  formatDateFr,
  WORKS_STATUS_LABELS,
  type PublicWorkProperties,
  type PublicWorksCollection,
} from '@voirie/domain';
import type { Geometry } from 'geojson';
import type { FeaturePopupContent, MapFeature, MapFeatureId } from '../../map';
import { PUBLIC_WORKS_TEXTS as T } from './public-works-texts';

// The public works page (/travaux): the published works as the table and the map show them.

export type PublicWork = PublicWorksCollection['features'][number];

/** The page's filters ('' = all). */
export interface PublicWorksFilter {
  town: string;
  status: '' | PublicWorkProperties['statut'];
}

/** The works of the town and period chosen. */
export function filterPublicWorks(works: readonly PublicWork[], filter: PublicWorksFilter): PublicWork[] {
  return works.filter(
    (work) =>
      (!filter.town || work.properties.commune === filter.town) &&
      (!filter.status || work.properties.statut === filter.status),
  );
}

/** The towns that have works, in alphabetical order (the town filter's choices). */
export function townsOf(works: readonly PublicWork[]): string[] {
  return [...new Set(works.map((work) => work.properties.commune))].sort((a, b) => a.localeCompare(b, 'fr'));
}

/** 'Rue des Pins, Capbreton' (the town alone when the street is unknown). */
export function publicWorkPlace(properties: PublicWorkProperties): string {
  return [properties.voie, properties.commune].filter(Boolean).join(', ');
}

/** 'Du 01/06/2026 au 12/06/2026' (or 'Le …' for a one-day site). */
export function publicWorkPeriod(properties: PublicWorkProperties): string {
  return T.period(formatDateFr(properties.date_debut), formatDateFr(properties.date_fin));
}

/** The status shown: 'En cours' or 'À venir'. */
export function publicWorkStatus(properties: PublicWorkProperties): string {
  return WORKS_STATUS_LABELS[properties.statut];
}

/** The popup of a works site on the map: its place, then what the table says of it. */
export function publicWorkPopup(properties: PublicWorkProperties): FeaturePopupContent {
  return {
    title: publicWorkPlace(properties),
    lines: [
      properties.nature,
      `${publicWorkPeriod(properties)} (${publicWorkStatus(properties).toLowerCase()})`,
      ...(properties.operateur ? [`Opérateur : ${properties.operateur}`] : []),
      properties.impact_circulation,
      ...(properties.localisation === 'approchee' ? [T.approximate] : []),
    ],
  };
}

/** The works that have a place, as map features (their published id). */
export function publicWorkMapFeatures(works: readonly PublicWork[]): MapFeature[] {
  return works.flatMap((work) =>
    work.geometry ? [{ id: work.id, geometry: work.geometry as unknown as Geometry }] : [],
  );
}

/** The popup of the feature `id` among the works, or null. */
export function popupOfPublicWork(
  works: readonly PublicWork[],
  id: MapFeatureId,
): FeaturePopupContent | null {
  const work = works.find((candidate) => candidate.id === id);
  return work ? publicWorkPopup(work.properties) : null;
}
