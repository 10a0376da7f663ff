import { formatDateFr } from '../dates.ts';
import type { Request } from '../schemas/request.ts';
import { CERFA_WAY_TYPES } from '../way-types.ts';
import { addressFields } from './party-fields.ts';
import { choicesField, textField, type CerfaField } from './cerfa-fields.ts';

/** The printed way category of a request's wayType (a CERFA type, or the road segment's type). */
export function cerfaWayType(wayType: string | null | undefined): (typeof CERFA_WAY_TYPES)[number] | null {
  if (!wayType) return null;
  if (/^autoroute/i.test(wayType)) return 'Autoroute';
  if (/nationale/i.test(wayType)) return 'Route nationale';
  if (/d[ée]partementale/i.test(wayType)) return 'Route départementale';
  return 'Voie communale / Voie intercommunale';
}

/** 'Hors agglomération' or 'En agglomération', when the request says. */
export function urbanArea(request: Request): string | null {
  if (request.inUrban || request.intraUrban) return 'En agglomération';
  if (request.extraUrban) return 'Hors agglomération';
  return null;
}

/** A road marker (PR) with its offset in metres, '12 + 300'. */
export function milestone(pr: string | null | undefined, offset: string | null | undefined): string {
  if (!pr && !offset) return '';
  return `${pr ?? ''} + ${offset ?? ''}`;
}

/** Works site of the 14023: address, road, built-up area, markers, parcels, other addresses. */
export function siteFields(request: Request): CerfaField[] {
  const others = (request.adresses ?? []).map((address) =>
    [
      address.addressNum,
      address.addressExt,
      address.addressType,
      address.addressName,
      address.addressPostalCode,
      address.addressCity,
    ]
      .filter(Boolean)
      .join(' '),
  );
  return [
    ...addressFields(request),
    choicesField('Voie concernée', CERFA_WAY_TYPES, [cerfaWayType(request.wayType)]),
    textField('N° de la voie', request.wayNum),
    choicesField('Agglomération', ['Hors agglomération', 'En agglomération'], [urbanArea(request)]),
    textField("Point de repère (PR) d'origine", milestone(request.milestoneStart1, request.milestoneStart2)),
    textField('Point de repère (PR) de fin', milestone(request.milestoneEnd1, request.milestoneEnd2)),
    textField('Section(s) cadastrale(s)', request.sections),
    textField('Numéro(s) de parcelle(s)', request.plotNumbers),
    textField('Autres adresses', others.join('\n'), true),
  ];
}

/** Works dates: start, end, duration in calendar days. */
export function dateFields(request: Request): CerfaField[] {
  return [
    textField('Date de début des travaux', formatDateFr(request.dateStart)),
    textField('Date de fin des travaux', formatDateFr(request.dateEnd)),
    textField('Durée des travaux (en jours calendaires)', request.numberDays),
  ];
}
