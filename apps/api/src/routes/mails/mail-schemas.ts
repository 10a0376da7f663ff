import { z } from 'zod';
import { databaseIdText } from '@voirie/domain';

export const MailKeyParamsSchema = z.object({
  id: z
    .string({ error: "L'identifiant est obligatoire." })
    .min(1, { error: "L'identifiant est obligatoire." })
    .max(64, { error: "L'identifiant n'est pas valide." }),
});

export const MailLogIdParamsSchema = z.object({
  mailLogId: databaseIdText("L'identifiant du mail n'est pas valide."),
});
