import { z } from 'zod';
import { isoDateTime, text } from './common.ts';

/** The account behind a history entry, when it still exists. */
export const LogUserSchema = z.object({
  id: z.number().int(),
  firstName: text,
  lastName: text,
});
export type LogUser = z.infer<typeof LogUserSchema>;

/**
 * A history entry (`GET log`, `log/{entity}/{id}`), docs/screens.md "History", docs/data-model.md
 * "Entities". `email` is null when the viewer may not see another user's address.
 */
export const LogEntrySchema = z.object({
  id: z.number().int(),
  user: LogUserSchema.nullable(),
  email: text,
  picture: text,
  context: text,
  loggedAt: isoDateTime,
  data: z.unknown(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

/** A history entry with what it is about (`GET log`, `log/{entity}/{id}`). */
export const HistoryItemSchema = LogEntrySchema.extend({
  entity: z.string(),
  entityId: z.number().int().nullable(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

/** `GET log`: the latest entries, one page. */
export const HistoryPageSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(HistoryItemSchema),
  pagination: z.object({
    page: z.number().int(),
    numItemsPerPage: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/** The entities a history is kept for, as written by the API (`request`, `user`, …). */
export const LogEntitySchema = z
  .string({ error: "L'entité est obligatoire." })
  .regex(/^[a-z][a-z_-]{0,39}$/, { error: "L'entité n'est pas valide." });

/** A mail of a request's history (`GET mails/{id}`), with what the viewer may do with it. */
export const MailHistoryItemSchema = z.object({
  id: z.number().int(),
  /** The mail provider's message identifier. */
  mailjetId: z.string().nullable(),
  status: z.string(),
  statusText: z.string(),
  isError: z.boolean(),
  subject: z.string(),
  to: z.string(),
  context: z.string(),
  createdAt: z.string(),
  stdUser: z.object({ picture: z.string().nullable(), email: z.string() }),
  /** 'Renvoyer': administrators, on a failed mail (decided by the API). */
  abilities: z.object({ resend: z.boolean() }),
});
export type MailHistoryItem = z.infer<typeof MailHistoryItemSchema>;
