import { z } from 'zod';
import { DatabaseIdTextSchema } from '@voirie/domain';

/** The `{ id }` of a path naming a row by its number (`city/{id}`, `document/{id}/file`…). */
export const IdParamsSchema = z.object({ id: DatabaseIdTextSchema });
