/** The labels of an address's fields, as the account form and the filing wizard ask them. */
export const ADDRESS_LABELS = {
  addressNum: 'N°',
  addressExt: 'Extension',
  addressType: 'Type de voie',
  addressName: 'Nom de voie',
  place: 'Lieu-dit / BP',
  addressPostalCode: 'Code postal',
  addressCity: 'Localité',
} as const;
