import { z } from 'zod';
import { GROUP_TYPES, PERIMETER_TYPES, optionValues } from '../lists.ts';
import { VALIDATION_MESSAGES, optionalSiret, requiredText, text } from './common.ts';

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

/** The add form of /groups/{type}: Nom and Siret, and for operators their perimeters. */
export const GroupFormSchema = z
  .object({
    type: z.enum(optionValues(GROUP_TYPES)),
    libelle: requiredText(255),
    code: optionalSiret.refine((value) => !!value, VALIDATION_MESSAGES.required),
    perimeterIds: z.array(z.number().int().positive()).default([]),
  })
  .transform((group) => (group.type === 'operator' ? group : { ...group, perimeterIds: [] }));
export type GroupForm = z.infer<typeof GroupFormSchema>;

/** Query of `GET perimeter`: by name and/or containing a point, limit 10 by default. */
export const PerimeterQuerySchema = z.object({
  type: PerimeterKindSchema.optional(),
  q: z.string().max(200).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type PerimeterQuery = z.infer<typeof PerimeterQuerySchema>;
