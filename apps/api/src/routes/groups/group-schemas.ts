import { z } from 'zod';
import { fieldError, validationError, zodFieldErrors } from '../../errors/field-errors.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { DatabaseIdTextSchema } from '@voirie/domain';

/** `perimeter/{id}/mandates/{mandateId}`. */
export const MandateParamsSchema = IdParamsSchema.extend({
  mandateId: DatabaseIdTextSchema,
});

export const TAGS = ['Opérateurs et sous-traitants'];

/** A body parsed by the route itself (after authorization): 400 with every field's French message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = zodFieldErrors(parsed.error.issues);
  throw validationError('', errors.length > 0 ? errors : [fieldError('', 'Requête invalide.')]);
}
