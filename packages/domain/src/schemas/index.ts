export {
  VALIDATION_MESSAGES,
  NUMERIC_BOUNDS,
  boundedNumber,
  optionalNumber,
  requiredText,
  optionalText,
  requiredEmail,
  optionalEmail,
  requiredPhone,
  optionalPhone,
  compactPhone,
  isValidPhone,
  optionalPostalCode,
  optionalSiret,
  optionalAddressNum,
  isoDate,
  isoDateTime,
  configureFrenchValidationMessages,
} from './common.ts';
export type { NumericBounds } from './common.ts';
export * from './ids.ts';
export * from './geometry.ts';
export * from './address.ts';
export * from './party.ts';
export * from './cerfa-14023.ts';
export * from './cerfa-14024.ts';
export * from './alignment.ts';
export * from './reception.ts';
export * from './document.ts';
export * from './log.ts';
export * from './state.ts';
export * from './user.ts';
export * from './perimeter.ts';
export * from './city.ts';
export * from './map-layer.ts';
export * from './search-state.ts';
export * from './request.ts';
export * from './filing.ts';
export * from './decision.ts';
export * from './workflow-inputs.ts';
export * from './request-views.ts';
export * from './detail-place.ts';
export * from './geo-inputs.ts';
export * from './geo-answers.ts';
export * from './works-views.ts';
export * from './user-admin.ts';
