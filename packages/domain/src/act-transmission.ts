import { z } from 'zod';
import { ACTES_NUMBER_PATTERN, type ActNature } from './act-register.ts';
import { parisIsoDay } from './paris-time.ts';

// The transmission of acts to the prefect (CGCT L2131-2, the @CTES exchange through a certified
// operator such as S²LOW): the portal gathers the act's package — its PDF and the ACTES
// metadata — and keeps the acknowledgement's date. Traffic and parking police orders are not
// transmitted (L2131-2 1°, since 1 July 2022): that nature can never be chosen.

/** The ACTES nature code of each nature: 2 regulatory order, 3 individual order. */
export const ACTES_NATURE_CODES: Readonly<Record<ActNature, 2 | 3>> = {
  permission: 3,
  refusal: 3,
  alignment: 3,
  traffic: 2,
  formalNotice: 3,
};

/** The short name of an ACTES nature code, in the package's file names and acknowledgement ids. */
export const ACTES_NATURE_SHORT = { 1: 'DE', 2: 'AR', 3: 'AI', 4: 'CC', 5: 'BF', 6: 'AU' } as const;

/** The ACTES classification (matière) of each nature: 8.3 Voirie, 6.1 Police municipale. */
export const ACT_MATTERS: Readonly<Record<ActNature, { code: string; name: string }>> = {
  permission: { code: '8.3', name: 'Voirie' },
  refusal: { code: '8.3', name: 'Voirie' },
  alignment: { code: '8.3', name: 'Voirie' },
  traffic: { code: '6.1', name: 'Police municipale' },
  formalNotice: { code: '8.3', name: 'Voirie' },
};

/** An ACTES subject: at most this many characters. */
export const ACTES_SUBJECT_MAX = 499;

/**
 * The natures an administrator may send to the prefect: all but traffic orders (L2131-2) — and
 * the default: an act that should have been transmitted and was not is not executory, one sent
 * without need costs nothing. The administrator narrows the list with the prefecture.
 */
export const TRANSMISSIBLE_NATURES = ['permission', 'refusal', 'alignment', 'formalNotice'] as const;
export type TransmissibleNature = (typeof TRANSMISSIBLE_NATURES)[number];

/** The `app_setting` key of the natures transmitted. */
export const ACT_TRANSMISSION_KEY = 'act_transmission_natures';

export const ACT_TRANSMISSION_MESSAGES = {
  notTransmitted:
    "Cet acte n'est pas transmis au préfet : sa nature n'est pas parmi celles que l'administrateur a choisies, ou la loi l'en dispense (arrêtés de police de la circulation et du stationnement, CGCT L2131-2).",
  noSignedPdf: "L'arrêté signé de cet acte est introuvable : le paquet ACTES ne peut pas être préparé.",
  receivedInFuture: "La date de l'accusé de réception ne peut pas être dans le futur.",
  receivedBeforeSignature: "La date de l'accusé de réception ne peut pas précéder la signature de l'acte.",
  identifier:
    "L'identifiant de l'accusé de réception a la forme 040-244000865-20261130-2026_00001-AI (département, SIREN, date de décision, numéro, nature).",
  actNotFound: "Cet acte n'est pas au registre.",
  identifierOfAnotherAct: (number: string) =>
    `Cet identifiant n'est pas celui de l'acte ${number} : il doit porter son numéro.`,
} as const;

/** The ACTES identifier of a transmitted act, as the acknowledgement gives it. */
export const ACTES_ACKNOWLEDGEMENT_ID = /^\d{3}-\d{9}-\d{8}-([A-Z0-9_]{1,15})-(DE|AR|AI|CC|BF|AU)$/;

export const ActTransmissionSettingsSchema = z
  .object({
    natures: z.array(z.enum(TRANSMISSIBLE_NATURES)).max(TRANSMISSIBLE_NATURES.length),
  })
  .meta({ id: 'ActTransmissionSettings', description: 'Les natures d’actes transmises au préfet.' });
export type ActTransmissionSettings = z.infer<typeof ActTransmissionSettingsSchema>;

/** The prefecture's acknowledgement of one act, entered by hand from the operator's receipt. */
export const ActAcknowledgementSchema = z
  .object({
    receivedOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'La date doit être au format AAAA-MM-JJ.')
      .refine((day) => day <= parisIsoDay(new Date()), ACT_TRANSMISSION_MESSAGES.receivedInFuture),
    identifier: z
      .string()
      .trim()
      .regex(ACTES_ACKNOWLEDGEMENT_ID, ACT_TRANSMISSION_MESSAGES.identifier)
      .refine((id) => ACTES_NUMBER_PATTERN.test(ACTES_ACKNOWLEDGEMENT_ID.exec(id)?.[1] ?? ''), {
        message: ACT_TRANSMISSION_MESSAGES.identifier,
      }),
  })
  .meta({ id: 'ActAcknowledgement', description: "L'accusé de réception de la préfecture." });
export type ActAcknowledgement = z.infer<typeof ActAcknowledgementSchema>;
