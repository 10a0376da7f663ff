import { numberOfDays } from './dates.ts';
import type { RequestKind } from './kinds.ts';
import { isIndividualNature } from './lists.ts';
import type { Cerfa14023 } from './schemas/cerfa-14023.ts';
import type { Cerfa14024Input } from './schemas/cerfa-14024.ts';
import type { PetitionerInput } from './schemas/party.ts';
import { trafficOrderForm } from './traffic-order.ts';

// The 14024 the wizard offers: filled from what the applicant already typed for the
// request, every field still theirs to change. The request page's own fill (trafficOrderForm)
// gives the works' part; the signage part is the applicant's when it is an organisation.

/** What the wizard knows of the request when the 14024 is asked (steps 1 to 4). */
export interface TrafficOrderPrefillSource {
  type: RequestKind;
  project?: string | null;
  cerfa1402301?: Omit<Partial<Cerfa14023>, 'id'> | null;
  dateStart?: string | null;
  dateEnd?: string | null;
  petitioner?: Partial<Record<SignageSourceField, string | null>> | null;
}

/** What the signage block takes of the applicant. */
type SignageSourceField = Extract<
  keyof PetitionerInput,
  | 'nature'
  | 'corporationName'
  | 'corporationSiret'
  | 'corporationAgent'
  | 'addressNum'
  | 'addressExt'
  | 'addressType'
  | 'addressName'
  | 'addressPostalCode'
  | 'addressCity'
  | 'country'
  | 'phone'
  | 'email'
>;

/** who places the signage: the applicant itself. */
const SIGNAGE_BY_APPLICANT = 'demandeur';

/**
 * The signage manager of the printed form: an organisation (company, public service, project
 * manager) that files places its own signage, and is reached at its own address; a private
 * person leaves the block to the company they will hire.
 */
function signageOf(petitioner: TrafficOrderPrefillSource['petitioner']): Partial<Cerfa14024Input> {
  if (!petitioner?.nature || isIndividualNature(petitioner.nature)) return {};
  return {
    signageBy: SIGNAGE_BY_APPLICANT,
    gestSignageCorporationName: petitioner.corporationName ?? null,
    gestSignageSiret: petitioner.corporationSiret ?? null,
    gestSignageAgent: petitioner.corporationAgent ?? null,
    gestSignageAddressNum: petitioner.addressNum ?? null,
    gestSignageAddressExt: petitioner.addressExt ?? null,
    gestSignageAddressName:
      [petitioner.addressType, petitioner.addressName].filter(Boolean).join(' ') || null,
    gestSignageAddressPostalCode: petitioner.addressPostalCode ?? null,
    gestSignageAddressCity: petitioner.addressCity ?? null,
    gestSignageCountry: petitioner.country ?? null,
    gestSignagePhone: petitioner.phone ?? null,
    gestSignageEmail: petitioner.email ?? null,
  };
}

/**
 * A new 14024 filled from the request being filed: the works' description (its project, else its
 * themes and nature), the regulation from the works' start for their number of days,
 * encroachment on the carriageway when the works open it, and the applicant as signage manager
 * when it is an organisation. Empty values are left out.
 */
export function prefillTrafficOrder(source: TrafficOrderPrefillSource): Partial<Cerfa14024Input> {
  const days = numberOfDays(source.dateStart, source.dateEnd);
  const works = trafficOrderForm({
    type: source.type,
    project: source.project ?? null,
    cerfa1402301: source.cerfa1402301 ?? null,
    dateStart: source.dateStart ?? null,
    numberDays: days !== null && days > 0 ? days : null,
  });
  const filled: Partial<Cerfa14024Input> = {
    workDescription: works.workDescription,
    dateRegulation: works.dateRegulation,
    durationRegulation: works.durationRegulation,
    encroachmentRoadway: works.encroachmentRoadway,
    ...signageOf(source.petitioner),
  };
  return Object.fromEntries(
    Object.entries(filled).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );
}
