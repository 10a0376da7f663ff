import {
  isPermissionKind,
  prefillTrafficOrder,
  type Cerfa14024Input,
  type RequestKind,
} from '@voirie/domain';
import { partyInput, worksFormOf } from './filing-payload';
import {
  EMPTY_TRAFFIC_ORDER,
  TRAFFIC_ORDER_BOOLEAN_FIELDS,
  TRAFFIC_ORDER_NUMBER_FIELDS,
  TRAFFIC_ORDER_TEXT_FIELDS,
  type StepDrafts,
  type TrafficOrderDraft,
} from './step-drafts';

// The traffic-police order (cerfa 14024) of the wizard, filled from the request when
// asked; its filled fields follow the request until the applicant changes them. When it is
// offered and sent: filing-payload.ts.

/** The domain's fill of the 14024 from what the wizard holds, as the draft's text and boxes. */
export function prefilledDraft(kind: RequestKind, drafts: StepDrafts): Partial<TrafficOrderDraft> {
  if (!isPermissionKind(kind)) return {};
  const filled: Partial<Cerfa14024Input> = prefillTrafficOrder({
    type: kind,
    project: drafts.project,
    cerfa1402301: worksFormOf(drafts),
    dateStart: drafts.dates.dateStart,
    dateEnd: drafts.dates.dateEnd,
    petitioner: partyInput(drafts.petitioner),
  });
  const draft: Partial<TrafficOrderDraft> = {};
  for (const field of [...TRAFFIC_ORDER_NUMBER_FIELDS, ...TRAFFIC_ORDER_TEXT_FIELDS]) {
    const value = filled[field];
    if (value !== undefined && value !== null) draft[field] = String(value);
  }
  for (const field of TRAFFIC_ORDER_BOOLEAN_FIELDS) {
    const value = filled[field];
    if (typeof value === 'boolean') draft[field] = value;
  }
  return draft;
}

const isEmpty = (value: string | boolean | null) => value === '' || value === null;

/** The draft with its empty fields filled from the request (what the applicant typed stays). */
export function fillEmptyTrafficOrder(
  draft: TrafficOrderDraft,
  filled: Partial<TrafficOrderDraft>,
): TrafficOrderDraft {
  const next = { ...draft };
  for (const [field, value] of Object.entries(filled) as [keyof TrafficOrderDraft, string | boolean][]) {
    if (isEmpty(next[field])) (next as Record<string, string | boolean | null>)[field] = value;
  }
  return next;
}

/**
 * After a change elsewhere in the request, the 14024's filled fields follow it: a field still
 * holding the value filled before (or empty) takes the new one; a field the applicant changed
 * stays theirs.
 */
export function followRequest(
  draft: TrafficOrderDraft,
  before: Partial<TrafficOrderDraft>,
  after: Partial<TrafficOrderDraft>,
): TrafficOrderDraft {
  let next = draft;
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof TrafficOrderDraft>;
  for (const field of fields) {
    const current = draft[field];
    if (before[field] === after[field] || !(isEmpty(current) || current === before[field])) continue;
    next = { ...next, [field]: after[field] ?? EMPTY_TRAFFIC_ORDER[field] };
  }
  return next;
}
