import { formatDateFr, isInForceOn, type WorksCalendarItem } from '@voirie/domain';
import type { FeaturePopupContent, MapFeature, MapFeatureId } from '../../map';
import { CALENDAR_TEXTS as T } from './calendar-texts';

// The calendar's map: the works in force on the chosen day, and the popup of the selected one.

/** The works in force on `day` (the domain's rule), in the answer's order. */
export function worksInForce(items: readonly WorksCalendarItem[], day: string): WorksCalendarItem[] {
  return items.filter((item) => isInForceOn(item, day));
}

/** Those works that have a footprint, as map features (their request's public id). */
export function calendarMapFeatures(items: readonly WorksCalendarItem[]): MapFeature[] {
  return items.flatMap((item) => (item.geometry ? [{ id: item.publicId, geometry: item.geometry }] : []));
}

/** 'du 01/06/2026 au 12/06/2026' (or 'le …' for one day). */
export function itemPeriod(item: Pick<WorksCalendarItem, 'dateStart' | 'dateEnd'>): string {
  return T.dates(formatDateFr(item.dateStart), formatDateFr(item.dateEnd));
}

/** A works site's name: its case number, or 'Sans numéro'. */
export function itemName(item: Pick<WorksCalendarItem, 'numaffaire'>): string {
  return item.numaffaire ?? T.unnamed;
}

/** The popup of a works site: its case number, place, period, state, operator and traffic. */
export function calendarPopup(item: WorksCalendarItem): FeaturePopupContent {
  return {
    title: `${itemName(item)} — ${item.nature}`,
    lines: [
      [item.location, item.town].filter(Boolean).join(', '),
      `Travaux ${itemPeriod(item)} (${item.stateName})`,
      ...(item.operator ? [`Opérateur : ${item.operator.libelle}`] : []),
      item.impact.label,
    ],
  };
}

/** The popup of the feature `id` among the works, or null. */
export function popupOfItem(
  items: readonly WorksCalendarItem[],
  id: MapFeatureId,
): FeaturePopupContent | null {
  const item = items.find((candidate) => candidate.publicId === id);
  return item ? calendarPopup(item) : null;
}
