import { TYPE_DE_VOIE_LABELS, type AddressProperties } from '@voirie/domain';

/** The main address fields of step 1 (docs/screens.md "Filing wizard"), as the form holds them: text. */
export interface AddressDraft {
  addressNum: string;
  addressExt: string;
  addressType: string;
  addressName: string;
  addressCity: string;
  addressPostalCode: string;
  /** Lieu-dit or PO box. */
  place: string;
}

export type AddressField = keyof AddressDraft;

export const EMPTY_ADDRESS: AddressDraft = {
  addressNum: '',
  addressExt: '',
  addressType: '',
  addressName: '',
  addressCity: '',
  addressPostalCode: '',
  place: '',
};

/** What is read of an address of the search (the API's BAN shape, docs/gis-api.md). */
export type BanAddress = Partial<
  Pick<AddressProperties, 'housenumber' | 'name' | 'street' | 'postcode' | 'city' | 'type'>
>;

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

// Longest labels first: 'Grande Rue' before 'Rue'.
const TYPES_BY_LENGTH = [...TYPE_DE_VOIE_LABELS].sort((a, b) => b.length - a.length);

/**
 * Splits a street name into one of the 43 "type de voie" labels and the rest:
 * 'Avenue de la Plage' -> ['Avenue', 'de la Plage']. A street whose first words are not a
 * known type keeps its whole name, with no type ('Les Arènes' -> ['', 'Les Arènes']).
 */
export function splitStreet(street: string): { addressType: string; addressName: string } {
  const trimmed = street.trim().replace(/\s+/g, ' ');
  const lower = normalize(trimmed);
  for (const label of TYPES_BY_LENGTH) {
    const prefix = normalize(label);
    if (lower === prefix) return { addressType: label, addressName: '' };
    if (lower.startsWith(`${prefix} `))
      return { addressType: label, addressName: trimmed.slice(label.length).trim() };
  }
  return { addressType: '', addressName: trimmed };
}

/** '12' -> ['12', ''], '12bis' or '12 B' -> ['12', 'bis' / 'B']. */
export function splitHouseNumber(housenumber: string | undefined): {
  addressNum: string;
  addressExt: string;
} {
  const match = /^\s*(\d+)\s*(.*?)\s*$/.exec(housenumber ?? '');
  if (!match) return { addressNum: '', addressExt: '' };
  return { addressNum: match[1] ?? '', addressExt: match[2] ?? '' };
}

/**
 * The address fields filled from a chosen address of the search (or of the reverse search):
 * a house number, a street, a lieu-dit without number (`locality`) or a town (`municipality`).
 */
export function addressFromBan(address: BanAddress): AddressDraft {
  const town = { addressCity: address.city ?? '', addressPostalCode: address.postcode ?? '' };
  if (address.type === 'municipality') return { ...EMPTY_ADDRESS, ...town };
  if (address.type === 'locality') {
    const name = address.name ?? '';
    return { ...EMPTY_ADDRESS, ...town, addressType: 'Lieu-dit', addressName: name, place: name };
  }
  const street = address.street ?? (address.type === 'street' ? address.name : undefined) ?? '';
  return { ...EMPTY_ADDRESS, ...splitHouseNumber(address.housenumber), ...splitStreet(street), ...town };
}

/** Fills only the fields still empty (a town found under a drawing does not replace a typed one). */
export function fillEmptyFields(current: AddressDraft, found: Partial<AddressDraft>): AddressDraft {
  const next = { ...current };
  for (const [field, value] of Object.entries(found) as [AddressField, string | undefined][]) {
    if (value && !next[field].trim()) next[field] = value;
  }
  return next;
}
