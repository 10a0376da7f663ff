import { joined, partyName, text } from '../requests/printed-text.ts';
import type { MergeFields, Row } from './flatten-values.ts';

// The parties and addresses of the merge (docs/templates.md): the applicant (`demandeur_…`),
// the beneficiary (`beneficiaire_…`), who the order is for (`titulaire_…`), the works address
// and the secondary addresses.

/** '12 bis Rue des Pins': number, extension, way type, name. */
export const streetLine = (address: MergeFields) =>
  joined(' ', address.addressNum, address.addressExt, address.addressType, address.addressName);

/** '12 Rue des Pins (lieu-dit), 40130 Capbreton'. */
export function locationLine(address: MergeFields): string {
  const street = joined(' ', streetLine(address), text(address.place) ? `(${text(address.place)})` : '');
  return joined(', ', street, joined(' ', address.addressPostalCode, address.addressCity));
}

/** 'Paul Martin, demeurant 5 Rue des Lilas, 40130 Capbreton' (the name alone without an address). */
function designation(party: MergeFields | null): string {
  const name = partyName(party);
  const address = party ? locationLine(party) : '';
  return name && address ? `${name}, demeurant ${address}` : name;
}

function partyFields(prefix: string, party: MergeFields | null): Row {
  const p = party ?? {};
  return {
    [`${prefix}_nom`]: partyName(party),
    [`${prefix}_designation`]: designation(party),
    [`${prefix}_societe`]: text(p.corporationName),
    [`${prefix}_siret`]: text(p.corporationSiret),
    [`${prefix}_representant`]: text(p.corporationAgent),
    [`${prefix}_adresse`]: joined(' ', streetLine(p), text(p.place) ? `(${text(p.place)})` : ''),
    [`${prefix}_code_postal`]: text(p.addressPostalCode),
    [`${prefix}_commune`]: text(p.addressCity),
    [`${prefix}_adresse_complete`]: locationLine(p),
    [`${prefix}_email`]: text(p.email),
    [`${prefix}_telephone`]: text(p.phone),
  };
}

/**
 * The applicant's and the beneficiary's fields, and `titulaire_…`: whom the permission or the
 * alignment is for — the beneficiary when the request names one, else the applicant.
 */
export function partiesFields(petitioner: MergeFields | null, beneficiary: MergeFields | null): Row {
  const hasBeneficiary = partyName(beneficiary) !== '';
  const holder = hasBeneficiary ? beneficiary : petitioner;
  return {
    ...partyFields('demandeur', petitioner),
    ...partyFields('beneficiaire', hasBeneficiary ? beneficiary : null),
    titulaire_nom: partyName(holder),
    titulaire_designation: designation(holder),
    titulaire_adresse_complete: holder ? locationLine(holder) : '',
  };
}

/** A secondary address (`adresses`). */
export function addressRow(address: MergeFields): Row {
  return {
    adresse: streetLine(address),
    code_postal: text(address.addressPostalCode),
    commune: text(address.addressCity),
    lieu_dit: text(address.place),
    localisation: locationLine(address),
    prescription: text(address.prescription),
  };
}
