import { z } from 'zod';
import { StateIdSchema } from '../states.ts';

/** A request state as the API returns it (`GET state`, `request.state`). */
export const StateSchema = z.object({ id: StateIdSchema, name: z.string() });
export type State = z.infer<typeof StateSchema>;
