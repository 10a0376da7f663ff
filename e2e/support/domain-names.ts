import type { REQUEST_KIND, STATE as DOMAIN_STATE } from '@voirie/domain';

// The request states and kinds the journeys compare, by the domain's names (docs/workflow.md
// "States", "Request kinds"). Written out rather than imported: e2e uses the domain's types only,
// never its code at run time; `satisfies` makes `tsc -p e2e` (npm run typecheck) refuse a name or
// a number that is not the domain's.

/** Request states (packages/domain/src/states.ts). */
export const STATE = {
  FILED: 3,
  AWAITING_RECEPTION: 4,
  COMPLETENESS_REQUESTED: 8,
  COMPLETENESS_DONE: 9,
  WITHDRAWN: 14,
} as const satisfies Partial<typeof DOMAIN_STATE>;

/** Request kinds (packages/domain/src/kinds.ts). */
export const KIND = {
  NETWORKS: 1,
  ALIGNMENT: 2,
  ACCESS: 3,
} as const satisfies typeof REQUEST_KIND;
