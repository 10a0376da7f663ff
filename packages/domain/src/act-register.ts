import { z } from 'zod';
import { ActPublicationStateSchema } from './act-publication.ts';
import { ACT_TEXTS, type ActKind } from './acts.ts';

// The register of acts (registre des actes, CGCT R2122-7): every act the portal signs gets a
// number unique per year, given in the transaction of its signature — numbered without gaps in
// the order of signature — and is listed in that order. The number's format is the
// administrator's, within the rule of the ACTES transmission to the prefect.

/** The ACTES rule of an act's number (at most 15 characters, A–Z, 0–9 and `_` inside). */
export const ACTES_NUMBER_PATTERN = /^([A-Z0-9][A-Z0-9_]{0,13})?[A-Z0-9]$/;

/** The year in the number; the sequence is `{N…}`, as many N as digits (zero-padded). */
const YEAR_TOKEN = '{AAAA}';
const SEQUENCE_TOKEN = /\{(N{1,9})\}/;

export const ACT_NUMBER_DEFAULT_FORMAT = '{AAAA}_{NNNNN}';

/** The `app_setting` key of the format. */
export const ACT_NUMBER_FORMAT_KEY = 'act_number_format';

export const ACT_REGISTER_MESSAGES = {
  formatTokens:
    "Le format du numéro d'acte doit contenir une fois l'année {AAAA} et une fois le numéro d'ordre, par exemple {NNNNN}.",
  formatCharacters:
    "Le format du numéro d'acte ne peut contenir, en dehors de {AAAA} et {NNNNN}, que des lettres majuscules sans accent, des chiffres et le caractère _.",
  formatActes:
    "Avec ce format, un numéro d'acte ne respecterait pas la règle ACTES de la préfecture : 15 caractères au plus, sans _ au début ni à la fin.",
  numberTooLong: (number: string) =>
    `Le numéro d'acte ${number} ne respecte pas la règle ACTES (15 caractères au plus) : l'administrateur doit élargir le numéro d'ordre du format. Rien n'a été enregistré.`,
  actNotFound: "Cet acte n'est pas au registre.",
} as const;

/** The number of the `sequence`-th act of `year` in `format` (digits beyond its width are kept). */
export function formatActNumber(format: string, year: number, sequence: number): string {
  return format
    .replace(YEAR_TOKEN, String(year))
    .replace(SEQUENCE_TOKEN, (_token, ns: string) => String(sequence).padStart(ns.length, '0'));
}

/** What is wrong with a number format, in French, or null: its largest numbers must obey ACTES. */
export function actNumberFormatProblem(format: string): string | null {
  const sequences = format.match(new RegExp(SEQUENCE_TOKEN.source, 'g')) ?? [];
  if (format.split(YEAR_TOKEN).length !== 2 || sequences.length !== 1)
    return ACT_REGISTER_MESSAGES.formatTokens;
  if (!/^[A-Z0-9_]*$/.test(format.replace(YEAR_TOKEN, '').replace(SEQUENCE_TOKEN, ''))) {
    return ACT_REGISTER_MESSAGES.formatCharacters;
  }
  const width = SEQUENCE_TOKEN.exec(format)![1]!.length;
  const largest = formatActNumber(format, 9999, 10 ** width - 1);
  return ACTES_NUMBER_PATTERN.test(largest) ? null : ACT_REGISTER_MESSAGES.formatActes;
}

/**
 * The natures of the register: a refused permission's order is a refusal; the formal notice after a
 * refused works reception is an act once its signed PDF is recorded (docs/acts.md « Formal notice »).
 */
export const ACT_NATURES = ['permission', 'refusal', 'alignment', 'traffic', 'formalNotice'] as const;
export type ActNature = (typeof ACT_NATURES)[number];

export const ACT_NATURE_LABELS: Readonly<Record<ActNature, string>> = {
  permission: ACT_TEXTS.permission.title,
  refusal: 'Arrêté de refus de permission de voirie',
  alignment: ACT_TEXTS.alignment.title,
  traffic: ACT_TEXTS.traffic.title,
  formalNotice: 'Mise en demeure',
};

/** The nature of a signed act: its kind, a permission refused being a refusal. */
export function actNature(kind: ActKind, isFavorable: boolean | null | undefined): ActNature {
  return kind === 'permission' && isFavorable === false ? 'refusal' : kind;
}

export const ActNumberingSchema = z
  .object({
    format: z
      .string()
      .trim()
      .superRefine((format, ctx) => {
        const problem = actNumberFormatProblem(format);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .meta({ id: 'ActNumbering', description: "Le format des numéros d'actes." });
export type ActNumbering = z.infer<typeof ActNumberingSchema>;

/** `GET admin/act-numbering`: the format in force, its default and the next number it gives. */
export const ActNumberingViewSchema = ActNumberingSchema.extend({
  defaultFormat: z.string(),
  example: z.string().meta({ description: "Le numéro du premier acte d'une année avec ce format." }),
}).meta({ id: 'ActNumberingView' });
export type ActNumberingView = z.infer<typeof ActNumberingViewSchema>;

/** An act's transmission as the register shows it. */
export const ActTransmissionSchema = z
  .object({
    required: z.boolean(),
    receivedOn: z.string().nullable(),
    identifier: z.string().nullable(),
  })
  .meta({ id: 'ActTransmission' });
export type ActTransmission = z.infer<typeof ActTransmissionSchema>;

/** One act of the register. */
export const RegisteredActSchema = z
  .object({
    number: z.string(),
    year: z.number().int(),
    sequence: z.number().int(),
    nature: z.enum(ACT_NATURES),
    natureLabel: z.string(),
    subject: z.string(),
    town: z.string().nullable(),
    requestId: z.number().int(),
    /** The request's public id, for its detail link. */
    requestPublicId: z.string(),
    /** Who recorded the signature. */
    recordedBy: z.string().nullable(),
    /** Who signed (docs/acts.md « Signatory »): « Prénom Nom » and « Fonction » as at signing; null before 0037's use. */
    signatoryName: z.string().nullable(),
    signatoryTitle: z.string().nullable(),
    signedAt: z.string().meta({ description: 'Date et heure de la signature (ISO 8601).' }),
    documentId: z.number().int().nullable(),
    transmission: ActTransmissionSchema,
    /** The proven notification of an individual act (act-notification.ts); null until proven. */
    notifiedAt: z.string().nullable().meta({ description: 'Date prouvée de la notification (ISO 8601).' }),
    notificationMode: z.enum(['portal', 'postal']).nullable(),
    /** The electronic publication of a regulatory act (act-publication.ts); null: not published. */
    publication: ActPublicationStateSchema.nullable(),
    /** What the viewer may do with the act: retry its failed publication (`POST acts/{number}/publication`). */
    abilities: z.object({ retryPublication: z.boolean() }),
  })
  .meta({ id: 'RegisteredAct' });
export type RegisteredAct = z.infer<typeof RegisteredActSchema>;

export const ActRegisterQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  nature: z.enum(ACT_NATURES).optional(),
  town: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ActRegisterQuery = z.infer<typeof ActRegisterQuerySchema>;

/** `GET acts/register.pdf`: the printed register is one year's. */
export const ActRegisterPrintQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
});

/** Acts per page of the register. */
export const ACT_REGISTER_PAGE_SIZE = 50;

export const ActRegisterPageSchema = z
  .object({
    data: z.array(RegisteredActSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    /** The years of the register, newest first (the year filter's choices). */
    years: z.array(z.number().int()),
  })
  .meta({ id: 'ActRegisterPage' });
export type ActRegisterPage = z.infer<typeof ActRegisterPageSchema>;
