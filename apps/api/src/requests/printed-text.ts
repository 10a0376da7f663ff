// How stored values read as text, in the filing's mails as in the orders' merge
// (docs/templates.md): trimmed strings, parts joined without the empty ones, a party's name.

/** A stored value as text: a string trimmed, a number as written, '' for anything else. */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** The non-empty parts, as text, joined by `separator`. */
export const joined = (separator: string, ...parts: unknown[]) =>
  parts.map(text).filter(Boolean).join(separator);

/** The fields of a stored party (petitioner, beneficiary) that make its name. */
interface PartyNameFields {
  readonly corporationName?: unknown;
  readonly corporationAgent?: unknown;
  readonly title?: unknown;
  readonly firstName?: unknown;
  readonly lastName?: unknown;
}

/** A party's name: its corporation (with its agent), else title, first and last name. */
export function partyName(party: PartyNameFields | null): string {
  if (!party) return '';
  const corporation = text(party.corporationName);
  if (corporation)
    return text(party.corporationAgent)
      ? `${corporation}, représentée par ${text(party.corporationAgent)}`
      : corporation;
  return joined(' ', party.title, party.firstName, party.lastName);
}
