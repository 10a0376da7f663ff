import { z } from 'zod';
import { isoDateTime, text } from './common.ts';

/** A history entry (`GET log`, `log/{entity}/{id}`), spec 2 §2.6. */
export const LogEntrySchema = z.object({
  id: z.number().int(),
  user: text,
  email: text,
  picture: text,
  context: text,
  loggedAt: isoDateTime,
  data: z.unknown(),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

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
