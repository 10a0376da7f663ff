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
 * A history entry (`GET log`, `log/{entity}/{id}`), spec 2 §2.6 and §3 'Log entry'. `email` is
 * null when the viewer may not see another user's address.
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

/** The entities a history is kept for, as written by the API (`request`, `user`, …). */
export const LogEntitySchema = z
  .string({ error: "L'entité est obligatoire." })
  .regex(/^[a-z][a-z_-]{0,39}$/, { error: "L'entité n'est pas valide." });

/** A mail-log entry (`GET mails/{id}`), spec 1 §3; status texts from mailStatusText. */
export const MailLogEntrySchema = z.object({
  id: z.number().int(),
  /** The mail provider's message identifier. */
  mailjetId: text,
  status: z.string(),
  context: text,
  createdAt: isoDateTime,
  stdUser: z.object({ picture: text, email: text }).nullish(),
});
export type MailLogEntry = z.infer<typeof MailLogEntrySchema>;
