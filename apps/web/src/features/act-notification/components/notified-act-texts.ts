// The French words of the personal page of a notified act (/notification/{number}).

export const NOTIFIED_ACT_TEXTS = {
  title: (nature: string, number: string) => `${nature} n° ${number}`,
  loading: "Ouverture de l'acte…",
  loadError: "Cet acte n'existe pas ou ne vous est pas accessible.",
  signedAt: (date: string) => `Signé le ${date}.`,
  signatory: (line: string) => `Signataire : ${line}`,
  acknowledged: (date: string) =>
    `Vous avez pris connaissance de cette décision le ${date} : cette date est celle de sa notification.`,
  notifiedOn: (date: string) => `Décision notifiée le ${date}.`,
  notNotified: "Cette décision n'est pas encore notifiée à son destinataire.",
  openPdf: "Ouvrir l'acte signé (PDF)",
  appealHeading: 'Voies et délais de recours',
  appealUntil: (date: string) => `Délai de recours : jusqu'au ${date}`,
  request: 'Voir la demande',
} as const;
