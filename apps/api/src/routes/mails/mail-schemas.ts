import { z } from 'zod';

export const MailKeyParamsSchema = z.object({
  id: z
    .string({ error: "L'identifiant est obligatoire." })
    .min(1, { error: "L'identifiant est obligatoire." })
    .max(64, { error: "L'identifiant n'est pas valide." }),
});

export const MailLogIdParamsSchema = z.object({
  mailLogId: z.coerce
    .number({ error: "L'identifiant du mail n'est pas valide." })
    .int({ error: "L'identifiant du mail n'est pas valide." })
    .positive({ error: "L'identifiant du mail n'est pas valide." })
    .max(2_147_483_647, { error: "L'identifiant du mail n'est pas valide." }),
});
