import { formatDateFr } from '../dates.ts';
import { isIndividualNature } from '../lists.ts';
import type { Party } from '../schemas/party.ts';
import type { Request } from '../schemas/request.ts';
import { checkField, choicesField, combField, textField, type CerfaField } from './cerfa-fields.ts';

/** The four applicant types printed on the forms (cerfa 14024*01, section « Le demandeur »). */
const PRINTED_NATURES = [
  'Particulier',
  'Service public',
  "Maître d'oeuvre ou conducteur d'opération",
  'Entreprise',
];

/** Address zones shared by the parties and the works site. */
export function addressFields(
  address:
    | Partial<
        Pick<
          Party,
          | 'addressNum'
          | 'addressExt'
          | 'addressType'
          | 'addressName'
          | 'place'
          | 'addressPostalCode'
          | 'addressCity'
        >
      >
    | null
    | undefined,
): CerfaField[] {
  return [
    textField('Numéro', address?.addressNum),
    textField('Extension (bis, ter…)', address?.addressExt),
    textField('Type de voie', address?.addressType),
    textField('Nom de la voie', address?.addressName),
    textField('Lieu-dit ou boîte postale', address?.place),
    combField('Code postal', address?.addressPostalCode, 5),
    textField('Localité', address?.addressCity),
  ];
}

/**
 * A petitioner or beneficiary: its type, then the individual block (civility, names) or the
 * company block (name, SIRET, agent), then its address and contacts.
 */
export function partyFields(party: Party | null | undefined, typeLabel = 'Type de demandeur'): CerfaField[] {
  const nature = party?.nature ?? null;
  // A stored nature the printed form lacks (Notaire) is still shown, checked.
  const natures =
    nature && !PRINTED_NATURES.includes(nature) ? [...PRINTED_NATURES, nature] : PRINTED_NATURES;
  const identity =
    nature === null || isIndividualNature(nature)
      ? [
          textField('Civilité', party?.title),
          textField('Nom', party?.lastName),
          textField('Prénom', party?.firstName),
        ]
      : [
          textField('Dénomination', party?.corporationName),
          textField('N° SIRET', party?.corporationSiret),
          textField('Représenté par', party?.corporationAgent),
          textField('Qualité du représentant', party?.corporationAgentTitle),
        ];
  const phone = [party?.phoneIndicative, party?.phone].filter(Boolean).join(' ');
  return [
    choicesField(typeLabel, natures, [nature]),
    ...identity,
    ...addressFields(party),
    textField('Pays', party?.country),
    textField('Téléphone', phone),
    textField('Courriel', party?.email),
  ];
}

/** The closing block: certification, place, date and signatory. */
export function signatureFields(request: Request): CerfaField[] {
  return [
    // Filing requires the certification, so a dated request has it.
    checkField(
      "J'atteste de l'exactitude des informations fournies",
      Boolean(request.madeDate || request.depositDate),
    ),
    textField('Fait à', request.madeIn),
    textField('Le', formatDateFr(request.madeDate)),
    textField('Nom', request.madeLastName),
    textField('Prénom', request.madeFirstName),
    textField('Qualité', request.madeFonction),
  ];
}
