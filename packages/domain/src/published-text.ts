import { isIndividualNature } from './lists.ts';
import type { Cerfa14023 } from './schemas/cerfa-14023.ts';
import type { Cerfa14024 } from './schemas/cerfa-14024.ts';
import { findTownByInseeCode, findTownByName, type Town } from './towns.ts';
import { knownValueLabel } from './value-labels.ts';

// What is published — the public works data and the traffic-police order, an act published once
// signed (docs/decisions/0010-published-text.md) — is built from reference data (the
// road network, the member towns), from fixed labels and from what the administration wrote,
// never from what an applicant typed: an address typed as « Résidence des Pins, n°14 maison
// Dupont » was published as the street, a private person's name and phone typed in the 14024
// reached the published order. Nothing here reads a typed text.

/** The reference data of a request's place (the API reads them from road_segment and commune). */
export interface ReferencePlace {
  /** The road segment nearest the works' footprint, within 30 m (as POST troncon finds it), or null. */
  road: { name: string | null; numero: string | null } | null;
  /** The INSEE code of the member town the footprint lies in (the lowest should it cross a boundary), or null. */
  footprintInsee: string | null;
}

/** The street as published: the nearest road segment's name, else its number ('D652'), else null. */
export function publishedStreet(place: ReferencePlace): string | null {
  return place.road?.name?.trim() || place.road?.numero?.trim() || null;
}

/**
 * The town as published: the member town the footprint lies in, else the member town the
 * request's locality names (a member town is required at filing) — the reference town either way,
 * by its official name; null when neither is one.
 */
export function publishedTown(place: ReferencePlace, locality: string | null | undefined): Town | null {
  return findTownByInseeCode(place.footprintInsee) ?? findTownByName(locality) ?? null;
}

/** The works as published: the labels of the works form's themes and nature (its free texts left out). */
export function publishedWorksDescription(form: Partial<Cerfa14023> | null | undefined): string {
  return [knownValueLabel('themes', form?.themes), knownValueLabel('natureWork', form?.natureWork)]
    .filter(Boolean)
    .join(' – ');
}

/** How a published act designates a party by its nature, never by a name it typed. */
const NATURE_DESIGNATIONS: Readonly<Record<string, string>> = {
  Particulier: 'un particulier',
  Entreprise: 'une entreprise',
  Notaire: 'un notaire',
  'Service public': 'un service public',
  "Maître d'oeuvre ou conducteur d'opération": "un maître d'œuvre ou conducteur d'opération",
};

/** A party as a published act designates it: by its nature ('un particulier', 'une entreprise'), '' for none. */
export function publishedParty(party: { nature?: string | null } | null | undefined): string {
  if (!party?.nature) return '';
  if (isIndividualNature(party.nature)) return 'un particulier';
  return NATURE_DESIGNATIONS[party.nature] ?? 'une personne morale';
}

/**
 * Who asked, as published: the applicant by its nature, for the network operator the request is
 * filed for (its label, recorded by the administration and published in the open data) or for
 * the beneficiary by its nature — 'une entreprise, pour le compte de Réseaux Sud Landes',
 * 'un particulier, pour le compte d'un particulier'.
 */
export function publishedApplicant(parties: {
  petitioner: { nature?: string | null } | null | undefined;
  beneficiary: { nature?: string | null } | null | undefined;
  operatorName: string | null | undefined;
}): string {
  const operator = parties.operatorName?.trim();
  const beneficiary = publishedParty(parties.beneficiary);
  // A designation starts with « un » or « une »: « pour le compte d'un particulier ».
  const forWhom = operator ? `de ${operator}` : beneficiary ? `d'${beneficiary}` : '';
  return [publishedParty(parties.petitioner), forWhom && `pour le compte ${forWhom}`]
    .filter(Boolean)
    .join(', ');
}

/** Who places the site's signage, as published: fixed words by the form's choice, never a name. */
export function publishedSignage(form: Pick<Partial<Cerfa14024>, 'signageBy'>): string {
  if (form.signageBy === 'entreprise')
    return 'une entreprise spécialisée, pour le compte du bénéficiaire de la permission';
  if (form.signageBy === 'demandeur') return 'le demandeur';
  return 'le bénéficiaire de la permission';
}
