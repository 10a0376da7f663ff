import { z } from 'zod';

/** Request kinds (`type`, `choixForm` at creation), docs/workflow.md "Request kinds". */
export const REQUEST_KIND = {
  /** Road permission for networks (CERFA 14023, isAccessDevelopment false). */
  NETWORKS: 1,
  /** Individual alignment request. */
  ALIGNMENT: 2,
  /** Road permission for access or fencing (CERFA 14023, isAccessDevelopment true). */
  ACCESS: 3,
} as const;
export type RequestKind = (typeof REQUEST_KIND)[keyof typeof REQUEST_KIND];
export const REQUEST_KINDS: readonly RequestKind[] = [1, 2, 3];

/** Wizard step 2 message when no valid kind is chosen (docs/validation.md "Step 2"). */
export const CHOOSE_CERFA_MESSAGE = 'Veuillez Choisir un cerfa';

export const RequestKindSchema = z.literal(REQUEST_KINDS, { error: CHOOSE_CERFA_MESSAGE });

/** Labels of the kinds, as in the type filter list (docs/workflow.md "Request kinds"). */
export const REQUEST_KIND_LABELS: Readonly<Record<RequestKind, string>> = {
  1: 'Permission de voirie - Réseaux',
  2: "Demande d'alignement",
  3: 'Permission de voirie - Accès/Clôture',
};

/** The type filter list of the request list, in the spec's order (docs/workflow.md "Request kinds"). */
export const REQUEST_KIND_FILTERS: readonly { value: RequestKind; label: string }[] = [
  { value: 1, label: REQUEST_KIND_LABELS[1] },
  { value: 3, label: REQUEST_KIND_LABELS[3] },
  { value: 2, label: REQUEST_KIND_LABELS[2] },
];

/** The kind the list starts on for admins and instructors (docs/screens.md "Request list"). */
export const DEFAULT_LIST_KIND: RequestKind = 1;

/** Wizard headings (docs/screens.md "Filing wizard"). */
export const WIZARD_HEADINGS: Readonly<Record<RequestKind, string>> = {
  1: 'Dépôt demande - Permission de voirie - Réseaux',
  2: "Dépôt demande - Demande d'alignement",
  3: 'Dépôt demande - Permission de voirie - Accès/Clôture',
};
export const WIZARD_UPDATE_HEADING = 'Mise à jour demande';

/** Alert when the update route is opened on a request not in state 8 (docs/screens.md "Filing wizard"). */
export const NOT_IN_COMPLETENESS_MESSAGE = "Votre demande n'est pas en état de complétude";

/** The wizard heading for a creation of this kind, or for an update. */
export function wizardHeading(mode: RequestKind | 'update'): string {
  return mode === 'update' ? WIZARD_UPDATE_HEADING : WIZARD_HEADINGS[mode];
}

/** True when the value is a request kind (1, 2 or 3). */
export function isRequestKind(value: unknown): value is RequestKind {
  return value === 1 || value === 2 || value === 3;
}

/** True for the kinds backed by a CERFA 14023 permission (1 and 3). */
export function isPermissionKind(kind: number): kind is 1 | 3 {
  return isNetworksKind(kind) || isAccessKind(kind);
}

/** The permission kinds (1 and 3), for the queries that select road permissions. */
export const PERMISSION_KINDS: readonly (1 | 3)[] = REQUEST_KINDS.filter(isPermissionKind);

/** True for an individual alignment request (kind 2), whose act is the alignment order. */
export function isAlignmentKind(kind: number): kind is 2 {
  return kind === REQUEST_KIND.ALIGNMENT;
}

/** True for an individual alignment request; narrows a union of request shapes by its `type`. */
export function isAlignmentRequest<T extends { type: number }>(request: T): request is T & { type: 2 } {
  return isAlignmentKind(request.type);
}

/** True for a road permission for networks (kind 1). */
export function isNetworksKind(kind: number): kind is 1 {
  return kind === REQUEST_KIND.NETWORKS;
}

/** True for a road permission for access or fencing (kind 3). */
export function isAccessKind(kind: number): kind is 3 {
  return kind === REQUEST_KIND.ACCESS;
}

/** The `isAccessDevelopment` flag of the CERFA 14023 form of this kind (true only for kind 3). */
export function isAccessDevelopment(kind: RequestKind): boolean {
  return isAccessKind(kind);
}

/** The permission kind a CERFA 14023 form stands for, from its `isAccessDevelopment` flag. */
export function kindOfCerfa14023(isAccessDevelopmentFlag: boolean | null | undefined): 1 | 3 {
  return isAccessDevelopmentFlag ? REQUEST_KIND.ACCESS : REQUEST_KIND.NETWORKS;
}
