import type { GroupType } from '@voirie/domain';

// The route parameter of /groups/{type}. Kept apart from the domain: the router checks it on
// every page, the sign-in page included, and the domain's groups module would bring zod into
// that page's bundle. group-param.test.ts checks the list against the domain's.

export const GROUP_PARAMS = ['operator', 'soustraitant'] as const satisfies readonly GroupType[];

export function isGroupType(value: string): value is GroupType {
  return (GROUP_PARAMS as readonly string[]).includes(value);
}
