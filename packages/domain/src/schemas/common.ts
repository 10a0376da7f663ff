import { z } from 'zod';
import { ACCOUNT_MESSAGES, LIMITS } from '../accounts.ts';
import { ID_MAX } from './ids.ts';

/** Validation messages of the forms, in French; the spec's exact words where it gives them. */
export const VALIDATION_MESSAGES = {
  required: ACCOUNT_MESSAGES.required,
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  phoneDigits: `Le numéro de téléphone doit comporter exactement ${LIMITS.phoneDigits} chiffres`,
  postalCode: 'Le code postal doit comporter 5 chiffres',
  siret: 'Le numéro SIRET doit comporter 14 chiffres',
  addressNumNumeric: 'Le numéro doit être numérique',
  maxLength: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères`,
  number: 'Veuillez saisir un nombre',
  min: (min: number) => `La valeur doit être supérieure ou égale à ${min}`,
  max: (max: number) => `La valeur doit être inférieure ou égale à ${max}`,
  step: (step: number) => `La valeur doit être un multiple de ${step}`,
  positiveInteger: 'Saisir un nombre entier positif',
  date: 'Date invalide',
  dateTime: 'Date et heure invalides',
  choice: 'Veuillez choisir une valeur de la liste',
  /** Step 1 without a drawn footprint (docs/validation.md "Step 1", exact). */
  geometryRequired:
    "Merci de schématiser l'emprise des travaux avec la carte, sans quoi l'instruction ne pourra être réalisée",
  /** Works dates inverted (docs/validation.md "Step 4", "Extension dialog"; exact). */
  daysNotPositive: 'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux',
  /** At least one works theme (docs/validation.md "Step 2": message name 'type(s) de travaux'). */
  themesRequired: 'Le champ type(s) de travaux est obligatoire',
  pipeDiameterRequired: 'Le diamètre de la buse est obligatoire lorsque le fossé est franchi',
  otherDetailsRequired: 'Veuillez préciser',
  /**
   * Step 6 (docs/validation.md "Step 6"): the checkbox reads 'J'atteste de l'exactitude des
   * informations fournies'.
   */
  accuracyRequired: "Veuillez attester de l'exactitude des informations fournies",
  decisionRequired: 'Veuillez choisir Favorable ou Défavorable',
  /** A traffic order's regulation may not start before the works it is asked for. */
  regulationBeforeWorks:
    'La date de début de réglementation ne peut pas être antérieure à la date de début des travaux',
  parcelsRequired: 'Veuillez renseigner la ou les parcelle(s)',
} as const;

/** A numeric field's bounds: the HTML input's min, max and step, checked again on the server. */
export interface NumericBounds {
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly integer?: boolean;
}

/**
 * Numeric bounds of the wizard (docs/validation.md "Step 2") and the decision dialogs
 * (docs/validation.md "Decision dialog").
 */
export const NUMERIC_BOUNDS = {
  /** Widths and lengths in metres. */
  width: { min: 0, max: 1000, step: 0.01 },
  /** Trench and driving lengths in metres. */
  trenchLength: { min: 0, max: 10000, step: 0.01 },
  /** Kind 3 pipe diameter: millimetres, whole number. */
  pipeDiameterMm: { min: 0, step: 1, integer: true },
  /** Decision surface in m². */
  surface: { min: 0, step: 0.01 },
  /** Decision flow rate in l/s. */
  flowRate: { min: 0, max: 1000, step: 0.01 },
  /** Access decision ditch diameter. */
  ditchDiameter: { min: 0, step: 0.5 },
  /** Alignment point distance in metres. */
  alignmentPointDistance: { step: 0.0001 },
  /** Counts (network items, lanes removed). */
  count: { min: 0, step: 1, integer: true },
  /** Speed limit of a traffic order, km/h. */
  speedKmh: { min: 0, max: 130, step: 1, integer: true },
  /** Durations in calendar days. */
  days: { min: 0, step: 1, integer: true },
  /** Speed limit asked in a traffic order: road signs go by tens, 10 to 130 km/h (R413-1 ff.). */
  speedLimitKmh: { min: 10, max: 130, step: 10, integer: true },
  /** Duration of a traffic regulation: a day to ten years, in calendar days. */
  regulationDays: { min: 1, max: 3650, step: 1, integer: true },
  /** Lane width kept open beside the works, in metres. */
  keptWidth: { min: 0, max: 50, step: 0.01 },
} as const satisfies Record<string, NumericBounds>;

/** A number within bounds, with the French messages. */
export function boundedNumber(bounds: NumericBounds) {
  let schema = z.number({ error: VALIDATION_MESSAGES.number });
  if (bounds.integer) schema = schema.int(VALIDATION_MESSAGES.positiveInteger);
  if (bounds.min !== undefined) {
    // 'Saisir un nombre entier positif' says it all for a whole number from 0; not from 10.
    schema = schema.min(
      bounds.min,
      bounds.integer && bounds.min === 0
        ? VALIDATION_MESSAGES.positiveInteger
        : VALIDATION_MESSAGES.min(bounds.min),
    );
  }
  // A whole number is kept in a PostgreSQL integer: beyond ID_MAX it could not be stored.
  const max = bounds.max ?? (bounds.integer ? ID_MAX : undefined);
  if (max !== undefined) schema = schema.max(max, VALIDATION_MESSAGES.max(max));
  // A whole number's step of 1 is its integer check; a larger one (speeds by tens) is checked.
  if (bounds.step !== undefined && !(bounds.integer && bounds.step === 1)) {
    schema = schema.multipleOf(bounds.step, VALIDATION_MESSAGES.step(bounds.step));
  }
  return schema;
}

/** An optional number within bounds (null or absent when not filled). */
export function optionalNumber(bounds: NumericBounds) {
  return boundedNumber(bounds).nullish();
}

/** A required text, trimmed, with a maximum length. */
export function requiredText(max: number = LIMITS.nameMax) {
  return z
    .string({ error: VALIDATION_MESSAGES.required })
    .trim()
    .min(1, VALIDATION_MESSAGES.required)
    .max(max, VALIDATION_MESSAGES.maxLength(max));
}

/** An optional text with a maximum length; '' is allowed (turned to null before sending). */
export function optionalText(max: number = LIMITS.nameMax) {
  return z.string().trim().max(max, VALIDATION_MESSAGES.maxLength(max)).nullish();
}

/** A required e-mail address. */
export const requiredEmail = z
  .string({ error: VALIDATION_MESSAGES.required })
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(LIMITS.emailMax, VALIDATION_MESSAGES.emailInvalid)
  .pipe(z.email(VALIDATION_MESSAGES.emailInvalid));

/** An optional e-mail address, valid when given. */
export const optionalEmail = z
  .string()
  .trim()
  .max(LIMITS.emailMax, VALIDATION_MESSAGES.emailInvalid)
  .refine((value) => value === '' || z.email().safeParse(value).success, VALIDATION_MESSAGES.emailInvalid)
  .nullish();

/** Removes spaces, dots and hyphens a person may type in a phone number. */
export function compactPhone(phone: string): string {
  return phone.replace(/[\s.-]/g, '');
}

/** True when the phone has exactly 10 digits (separators ignored). */
export function isValidPhone(phone: string): boolean {
  return new RegExp(`^\\d{${LIMITS.phoneDigits}}$`).test(compactPhone(phone));
}

/** A phone number of exactly 10 digits, stored without separators. */
export const requiredPhone = z
  .string({ error: VALIDATION_MESSAGES.required })
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .refine(isValidPhone, VALIDATION_MESSAGES.phoneDigits)
  .transform(compactPhone);

/** An optional phone number, 10 digits when given. */
export const optionalPhone = z
  .string()
  .trim()
  .refine((value) => value === '' || isValidPhone(value), VALIDATION_MESSAGES.phoneDigits)
  .transform((value) => (value === '' ? value : compactPhone(value)))
  .nullish();

/** A French postal code (5 digits), optional. */
export const optionalPostalCode = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{5}$/.test(value), VALIDATION_MESSAGES.postalCode)
  .nullish();

/** A SIRET (14 digits, spaces ignored), optional. */
export const optionalSiret = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{14}$/.test(value.replace(/\s/g, '')), VALIDATION_MESSAGES.siret)
  .transform((value) => value.replace(/\s/g, ''))
  .nullish();

/** An address number: digits only (docs/validation.md "Step 3"), optional. */
export const optionalAddressNum = z
  .string()
  .trim()
  .max(10, VALIDATION_MESSAGES.maxLength(10))
  .refine((value) => value === '' || /^\d+$/.test(value), VALIDATION_MESSAGES.addressNumNumeric)
  .nullish();

/** A calendar date 'YYYY-MM-DD'. */
export const isoDate = z.iso.date({ error: VALIDATION_MESSAGES.date });

/** A date-time (ISO 8601, with or without offset). */
export const isoDateTime = z.iso.datetime({ offset: true, local: true, error: VALIDATION_MESSAGES.dateTime });

/** A nullable text as returned by the API. */
export const text = z.string().nullish();
/** A nullable number as returned by the API. */
export const num = z.number().nullish();
/** A nullable boolean as returned by the API. */
export const bool = z.boolean().nullish();

/**
 * Makes zod's default messages (those the schemas do not set themselves) French, for the whole
 * process. Call it once at start-up of the API and of the web app.
 */
export function configureFrenchValidationMessages(): void {
  z.config(z.locales.fr());
}
