import { LIMITS } from '../accounts.ts';
import { optionalAddressNum, optionalPostalCode, optionalSiret, optionalText } from './common.ts';

/**
 * The rules of a person's or a corporation's details besides nature, title, phone and e-mail
 * (docs/validation.md "Step 3"): names, corporation, SIRET, agent, postal address. The wizard's
 * applicant and beneficiary and the account's form (Mon compte) share them, so that what an
 * account holds is what the wizard accepts when 'Je suis le demandeur' copies it
 * (docs/validation.md "User form").
 */
export const IDENTITY_DETAIL_FIELDS = {
  lastName: optionalText(LIMITS.nameMax),
  firstName: optionalText(LIMITS.nameMax),
  corporationName: optionalText(LIMITS.nameMax),
  corporationSiret: optionalSiret,
  corporationAgent: optionalText(LIMITS.nameMax),
  corporationAgentTitle: optionalText(LIMITS.nameMax),
  addressNum: optionalAddressNum,
  addressExt: optionalText(LIMITS.addressExtMax),
  addressType: optionalText(LIMITS.nameMax),
  addressName: optionalText(255),
  addressCity: optionalText(LIMITS.nameMax),
  addressPostalCode: optionalPostalCode,
  /** Lieu-dit or PO box. */
  place: optionalText(255),
  country: optionalText(LIMITS.nameMax),
  phoneIndicative: optionalText(6),
};
