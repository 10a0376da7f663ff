// The French words of the « Notification des décisions » section of a request's page.

export const NOTIFICATION_SECTION_TEXTS = {
  heading: 'Notification des décisions',
  act: (number: string, nature: string) => `${nature} n° ${number}`,
  signedAt: 'Signé le',
  status: 'Notification',
  mail: 'Courriel de notification',
  openedBy: 'Ouvert par',
  letter: 'Lettre recommandée',
  appeal: 'Délai de recours',
  appealUntil: (date: string) => `jusqu'au ${date}`,
  appealNotStarted: 'court à compter de la notification',
  recordPostal: 'Enregistrer une notification postale',
  recordPostalLabel: (number: string) => `Enregistrer une notification postale de l'acte n° ${number}`,
  dialogTitle: (number: string) => `Notification postale de l'acte n° ${number}`,
  letterNumber: 'Numéro de la lettre recommandée',
  receivedOn: 'Date de réception',
  save: 'Enregistrer',
  loadError: 'La notification des décisions ne peut pas être chargée.',
} as const;
