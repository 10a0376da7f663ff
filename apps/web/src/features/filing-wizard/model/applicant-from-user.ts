import { isIndividualNature, natureOptions, type ConnectedUser, type RequestKind } from '@voirie/domain';
import { EMPTY_ADDRESS } from './address-fields';
import { EMPTY_PARTY, PARTY_IDENTITY_FIELDS, type PartyDraft, type PartyField } from './step-drafts';

// 'Je suis le demandeur' (docs/screens.md "Filing wizard"): the signed-in user's whole identity
// becomes the applicant; GET userConnected carries every field of the block (docs/api-accounts.md).

/** Every field of the applicant's block but its nature, each one the account holds under that name. */
const COPIED_FIELDS = [
  ...PARTY_IDENTITY_FIELDS.filter((field) => field !== 'nature'),
  ...(Object.keys(EMPTY_ADDRESS) as (keyof typeof EMPTY_ADDRESS)[]),
] satisfies readonly (PartyField & keyof ConnectedUser)[];

/**
 * The applicant filled from the user: each field the account's, blank where the account has
 * none; the nature only when this kind of request offers it (an alignment has no 'Service
 * public' applicant).
 */
export function applicantFromUser(current: PartyDraft, user: ConnectedUser, kind: RequestKind): PartyDraft {
  const next: PartyDraft = { ...EMPTY_PARTY, id: current.id };
  for (const field of COPIED_FIELDS) next[field] = user[field] ?? '';
  const offered: readonly string[] = natureOptions('petitioner', kind);
  next.nature = user.nature && offered.includes(user.nature) ? user.nature : current.nature;
  return next;
}

/**
 * The party once its nature is chosen. A person who becomes a corporation ('Je suis le
 * demandeur', then Entreprise) is offered as its agent when none is typed yet: the names the
 * form now hides are not sent (partyForNature), the agent shown in their place is.
 */
export function partyWithNature(party: PartyDraft, nature: string): PartyDraft {
  const person = [party.firstName, party.lastName]
    .map((name) => name.trim())
    .filter(Boolean)
    .join(' ');
  const becomesCorporation =
    nature !== '' && !isIndividualNature(nature) && (party.nature === '' || isIndividualNature(party.nature));
  if (!becomesCorporation || !person || party.corporationAgent.trim()) return { ...party, nature };
  return {
    ...party,
    nature,
    corporationAgent: person,
    corporationAgentTitle: party.corporationAgentTitle || party.title,
  };
}
