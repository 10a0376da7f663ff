import type { CoordinationReport } from '@voirie/domain';
import type { FeaturePopupContent, MapFeature, MapFeatureId } from '../../map';
import { COORDINATION_TEXTS } from './coordination-texts';

// The other works in conflict and the recent resurfacings as features of the request's map
// (docs/coordination.md "On the request's page"), each in its tone, with the words of its popup.

const CONFLICT = 'conflict-';
const RESURFACING = 'resurfacing-';

const resurfacingKey = (item: CoordinationReport['resurfacings'][number]) =>
  `${RESURFACING}${item.source}-${String(item.id)}`;

/** The footprints of the conflicting works and the resurfaced roads, conflicts drawn last (on top). */
export function coordinationFeatures(report: CoordinationReport | undefined): MapFeature[] {
  if (!report) return [];
  const resurfacings = report.resurfacings.flatMap((item): MapFeature[] =>
    item.geometry ? [{ id: resurfacingKey(item), geometry: item.geometry, tone: 'resurfacing' }] : [],
  );
  const conflicts = report.conflicts.flatMap((conflict): MapFeature[] =>
    conflict.geometry
      ? [{ id: `${CONFLICT}${String(conflict.id)}`, geometry: conflict.geometry, tone: 'conflict' }]
      : [],
  );
  return [...resurfacings, ...conflicts];
}

/** The popup of a conflict's or a resurfacing's feature; null for another feature. */
export function coordinationPopup(
  report: CoordinationReport | undefined,
  id: MapFeatureId,
): FeaturePopupContent | null {
  if (!report) return null;
  const conflict = report.conflicts.find((candidate) => `${CONFLICT}${String(candidate.id)}` === id);
  if (conflict)
    return {
      title: COORDINATION_TEXTS.conflictPopup(conflict.id),
      lines: [
        COORDINATION_TEXTS.dates(conflict.dateStart, conflict.dateEnd),
        `${COORDINATION_TEXTS.columns.distance} : ${COORDINATION_TEXTS.distance(conflict.distanceMetres)}`,
        conflict.stateName,
      ],
      warning: true,
    };
  const resurfacing = report.resurfacings.find((item) => resurfacingKey(item) === id);
  if (resurfacing)
    return {
      title: COORDINATION_TEXTS.legendResurfacing,
      lines: [
        COORDINATION_TEXTS.resurfacing(
          resurfacing.label,
          resurfacing.resurfacedOn,
          resurfacing.distanceMetres,
        ),
      ],
    };
  return null;
}
