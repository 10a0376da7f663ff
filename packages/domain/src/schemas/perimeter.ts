import { z } from 'zod';
import { GROUP_TYPES, PERIMETER_TYPES, optionValues } from '../lists.ts';
import { VALIDATION_MESSAGES, text } from './common.ts';

const perimeterTypes = [...optionValues(PERIMETER_TYPES), ...optionValues(GROUP_TYPES)] as const;

/** A perimeter type: department, epci, town, or a group (operator, soustraitant). */
export const PerimeterKindSchema = z.enum(perimeterTypes, { error: VALIDATION_MESSAGES.choice });

/** A perimeter reference inside a group: {libelle, type, id}. */
export const PerimeterRefSchema = z.object({
  id: z.number().int(),
  libelle: z.string(),
  type: z.enum(optionValues(PERIMETER_TYPES)),
});
export type PerimeterRef = z.infer<typeof PerimeterRefSchema>;

/** A perimeter or a group (operator, subcontractor), as returned (`GET perimeter`). */
export const PerimeterSchema = z.object({
  id: z.number().int(),
  libelle: z.string(),
  /** SIRET of an operator or subcontractor; INSEE or SIREN code of a territory. */
  code: text,
  type: PerimeterKindSchema,
  perimeters: z.array(PerimeterRefSchema).nullish(),
});
export type Perimeter = z.infer<typeof PerimeterSchema>;
/** An operator is a perimeter of type operator. */
export type Operator = Perimeter;

/** The most perimeters one search answers (the /groups list asks for this many). */
export const PERIMETER_SEARCH_MAX = 500;

/** A flag of a query string ('true' or 'false') or of a JSON body (a boolean). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

/**
 * Query of `GET perimeter`: by name and/or containing a point, limit 10 by default (the
 * autocompletes), PERIMETER_SEARCH_MAX at most; `fileable`: only the operators the signed-in
 * account may attach a filing to today (its operators and its mandates for an operator or a
 * subcontractor account; every operator for the others who may choose one).
 */
export const PerimeterQuerySchema = z.object({
  type: PerimeterKindSchema.optional(),
  q: z.string().max(200).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  limit: z.coerce.number().int().min(1).max(PERIMETER_SEARCH_MAX).default(10),
  fileable: flag.optional(),
});
export type PerimeterQuery = z.infer<typeof PerimeterQuerySchema>;
