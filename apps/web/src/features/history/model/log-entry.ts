import { initialsOf, type LogEntry } from '@voirie/domain';

const PARIS = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'DD/MM/YYYY HH:mm' in Paris time; '' when the date cannot be read. */
export function formatLoggedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(PARIS.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day ?? ''}/${part.month ?? ''}/${part.year ?? ''} ${part.hour ?? ''}:${part.minute ?? ''}`;
}

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
