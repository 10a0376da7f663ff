import { z } from 'zod';

const INVALID = "L'identifiant de l'utilisateur n'est pas valide.";

/** `stduser/{id}`: the user's number or the opaque id of its page. */
export const UserParamsSchema = z.object({
  id: z
    .string({ error: INVALID })
    .min(1, { error: INVALID })
    .max(64, { error: INVALID })
    .meta({ description: "Numéro de l'utilisateur, ou l'identifiant opaque de sa page" }),
});

export const USER_TAGS = ['Utilisateurs'];
