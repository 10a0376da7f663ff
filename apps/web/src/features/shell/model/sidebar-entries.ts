import {
  sidebarEntries as domainSidebarEntries,
  type ConnectedUser,
  type PublicConfig,
} from '@voirie/domain';

/** The pages the sidebar links to. */
export type SidebarPath =
  | '/dossiers'
  | '/brouillons'
  | '/destinataires'
  | '/users'
  | '/modeles'
  | '/groups/operator'
  | '/groups/soustraitant'
  | '/statistics'
  | '/delais'
  | '/registre'
  | '/coordination'
  | '/chantiers'
  | '/documents'
  | '/account';

export type SidebarEntry =
  { kind: 'page'; label: string; to: SidebarPath } | { kind: 'logout'; label: string };

export type SidebarOptions = Pick<PublicConfig, 'hiddenAccountUserId'>;

const PAGES = new Set<string>([
  '/dossiers',
  '/brouillons',
  '/destinataires',
  '/users',
  '/modeles',
  '/groups/operator',
  '/groups/soustraitant',
  '/statistics',
  '/delais',
  '/registre',
  '/coordination',
  '/chantiers',
  '/documents',
  '/account',
]);
const isSidebarPath = (path: string): path is SidebarPath => PAGES.has(path);

/**
 * The sidebar entries a user sees. The rule (who sees what, docs/screens.md "Sidebar",
 * docs/workflow.md "Who may do what") lives in the domain; this only types its entries for the router.
 */
export function sidebarEntries(
  user: Pick<ConnectedUser, 'id' | 'roles'>,
  options: SidebarOptions,
): SidebarEntry[] {
  return domainSidebarEntries(user, options).flatMap((entry): SidebarEntry[] => {
    if (entry.kind === 'logout') return [{ kind: 'logout', label: entry.label }];
    return entry.path && isSidebarPath(entry.path)
      ? [{ kind: 'page', label: entry.label, to: entry.path }]
      : [];
  });
}
