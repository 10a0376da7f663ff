import { isIndividualNature, natureOptions, type ConnectedUser, type RequestKind } from '@voirie/domain';
import { EMPTY_ADDRESS } from './address-fields';
import { EMPTY_PARTY, PARTY_IDENTITY_FIELDS, type PartyDraft, type PartyField } from './step-drafts';

// 'Je suis le demandeur' (docs/screens.md "Filing wizard"): the signed-in user's details become the
// applicant.

/** Fields copied when the user's answer has them (GET userConnected gives at least the identity). */
const COPIED_FIELDS: readonly PartyField[] = [
  ...PARTY_IDENTITY_FIELDS.filter((field) => field !== 'nature'),
  ...(Object.keys(EMPTY_ADDRESS) as (keyof typeof EMPTY_ADDRESS)[]),
];

/**
 * The applicant filled from the user: every detail the user has replaces the form's; the nature
 * only when this kind of request offers it (an alignment has no 'Service public' applicant).
 */
export function applicantFromUser(current: PartyDraft, user: ConnectedUser, kind: RequestKind): PartyDraft {
  const details = new Map<string, unknown>(Object.entries(user));
  const next: PartyDraft = { ...EMPTY_PARTY, id: current.id };
  for (const field of COPIED_FIELDS) {
    const value = details.get(field);
    if (typeof value === 'string') next[field] = value;
  }
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
