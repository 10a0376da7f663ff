import { z } from 'zod';
import type { RequestKind } from '../kinds.ts';
import { NATURES, TITLES, isIndividualNature, natureOptions } from '../lists.ts';
import { AddressFieldsSchema } from './address.ts';
import { VALIDATION_MESSAGES, optionalEmail, optionalPhone, requiredEmail, text } from './common.ts';
import { IDENTITY_DETAIL_FIELDS } from './identity.ts';
import { DatabaseIdSchema } from './ids.ts';

/** A petitioner (demandeur) or beneficiary, as stored and returned (docs/data-model.md "Entities"). */
export const PartySchema = AddressFieldsSchema.extend({
  id: z.number().int(),
  nature: text,
  title: text,
  lastName: text,
  firstName: text,
  corporationName: text,
  corporationSiret: text,
  corporationAgent: text,
  corporationAgentTitle: text,
  country: text,
  phone: text,
  phoneIndicative: text,
  email: text,
  /** The account this party belongs to, when it has one (ownership and beneficiary rights). */
  stdUserId: z.number().int().nullish(),
});
export type Party = z.infer<typeof PartySchema>;

/** Which party a form is for. */
export type PartyRole = 'petitioner' | 'beneficiary';

/**
 * The petitioner or beneficiary form (docs/validation.md "Step 3"): e-mail
 * required and valid for the petitioner, only valid for the beneficiary; phone 10 digits; max
 * lengths; numeric address number. Particulier needs last and first name; other natures need the
 * corporation name. The natures offered depend on the form (see natureOptions).
 */
export function partyInputSchema(options: { role: PartyRole; kind?: RequestKind }) {
  // Without a kind, a petitioner may have any nature some form offers (Notaire for alignments).
  const natures: readonly string[] =
    options.role === 'petitioner' && options.kind === undefined
      ? NATURES
      : natureOptions(options.role, options.kind);
  return z
    .object(
      {
        id: z.number().int().nullish(),
        nature: z
          .string({ error: VALIDATION_MESSAGES.required })
          .min(1, VALIDATION_MESSAGES.required)
          .refine((value) => natures.includes(value), VALIDATION_MESSAGES.choice),
        title: z.enum(TITLES, { error: VALIDATION_MESSAGES.choice }).nullish(),
        ...IDENTITY_DETAIL_FIELDS,
        phone: optionalPhone,
        email: options.role === 'petitioner' ? requiredEmail : optionalEmail,
        stdUserId: DatabaseIdSchema.nullish(),
      },
      { error: VALIDATION_MESSAGES.required },
    )
    .superRefine((party, ctx) => {
      const missing = (field: string) =>
        ctx.addIssue({ code: 'custom', path: [field], message: VALIDATION_MESSAGES.required });
      if (isIndividualNature(party.nature)) {
        if (!party.lastName) missing('lastName');
        if (!party.firstName) missing('firstName');
      } else if (party.nature && !party.corporationName) {
        missing('corporationName');
      }
    });
}

/** The petitioner of any kind (all natures that some form offers); the filing checks the kind. */
export const PetitionerInputSchema = partyInputSchema({ role: 'petitioner' });
export type PetitionerInput = z.infer<typeof PetitionerInputSchema>;

/** The beneficiary (never Notaire; e-mail optional). */
export const BeneficiaryInputSchema = partyInputSchema({ role: 'beneficiary' });
export type BeneficiaryInput = z.infer<typeof BeneficiaryInputSchema>;

/** The fields of a person (nature Particulier): title, last and first name. */
const INDIVIDUAL_FIELDS = ['title', 'lastName', 'firstName'] as const;
/** The fields of a corporation (every other nature): name, SIRET and its agent. */
const CORPORATION_FIELDS = [
  'corporationName',
  'corporationSiret',
  'corporationAgent',
  'corporationAgentTitle',
] as const;

type NaturedParty = { nature?: string | null } & Partial<
  Record<(typeof INDIVIDUAL_FIELDS)[number] | (typeof CORPORATION_FIELDS)[number], unknown>
>;

/**
 * The party with only the identity its nature shows (docs/validation.md "Step 3"): a Particulier keeps no
 * corporation, a corporation keeps no person's title and names. The form hides the other
 * nature's fields without emptying them ('Je suis le demandeur' then Entreprise): what is
 * hidden is neither sent nor stored, so that lists, mails and orders name the right party.
 */
export function partyForNature<P extends NaturedParty>(party: P): P {
  if (!party.nature) return party;
  const dropped = isIndividualNature(party.nature) ? CORPORATION_FIELDS : INDIVIDUAL_FIELDS;
  const kept = { ...party };
  for (const field of dropped) if (field in kept) (kept as NaturedParty)[field] = null;
  return kept;
}

/** All natures, for reading stored data. */
export const NatureSchema = z.enum(NATURES, { error: VALIDATION_MESSAGES.choice });
