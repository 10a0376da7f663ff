import { initialsOf, type LogEntry } from '@voirie/domain';

/** Who acted: 'Nom Prénom' when known, else the e-mail, else 'Système'. */
export function authorOf(entry: Pick<LogEntry, 'user' | 'email'>): string {
  const name = [entry.user?.lastName, entry.user?.firstName].filter((part) => part?.trim()).join(' ');
  return name || entry.email || 'Système';
}

/** The avatar's initials when there is no picture. */
export function entryInitials(entry: Pick<LogEntry, 'user' | 'email'>): string {
  return initialsOf({
    firstName: entry.user?.firstName ?? null,
    lastName: entry.user?.lastName ?? null,
    email: entry.email ?? '?',
  });
}
