import { z } from 'zod';
import { fieldError, validationError, zodFieldErrors } from '../../http/error-handler.ts';

/** `perimeter/{id}`: a group's id (a PostgreSQL integer). */
export const GroupParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `perimeter/{id}/mandates/{mandateId}`. */
export const MandateParamsSchema = GroupParamsSchema.extend({
  mandateId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const TAGS = ['Opérateurs et sous-traitants'];

/** A body parsed by the route itself (after authorization): 400 with every field's French message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = zodFieldErrors(parsed.error.issues);
  throw validationError('', errors.length > 0 ? errors : [fieldError('', 'Requête invalide.')]);
}
