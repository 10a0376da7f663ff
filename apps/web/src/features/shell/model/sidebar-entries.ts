import { hasRole, type ConnectedUser, type PublicConfig } from '@voirie/domain';

/** The pages the sidebar links to. */
export type SidebarPath = '/dossiers' | '/destinataires' | '/users' | '/modeles' | '/account';

export type SidebarEntry =
  | { kind: 'page'; label: string; to: SidebarPath }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'logout'; label: string };

export type SidebarOptions = Pick<PublicConfig, 'hiddenAccountUserId' | 'dashboardUrl'>;

/**
 * The sidebar entries a user sees (spec 1 §2.2, §6): the list for everyone, administration
 * for admins, the external dashboard for admins and instructors when one is configured,
 * 'Mon compte' except for the configured shared account, and sign-out.
 */
export function sidebarEntries(
  user: Pick<ConnectedUser, 'id' | 'roles'>,
  { hiddenAccountUserId, dashboardUrl }: SidebarOptions,
): SidebarEntry[] {
  const isAdmin = hasRole(user, 'ROLE_ADMIN');
  const isInstructor = hasRole(user, 'ROLE_INSTRUCTEUR');
  const entries: SidebarEntry[] = [{ kind: 'page', label: 'Demandes de voirie', to: '/dossiers' }];
  if (isAdmin) {
    entries.push(
      { kind: 'page', label: 'Gestion des destinataires', to: '/destinataires' },
      { kind: 'page', label: 'Gestion des utilisateurs', to: '/users' },
      { kind: 'page', label: 'Gestion des modèles', to: '/modeles' },
    );
  }
  if ((isAdmin || isInstructor) && dashboardUrl) {
    entries.push({ kind: 'external', label: 'Tableau de bord', href: dashboardUrl });
  }
  if (user.id !== hiddenAccountUserId) {
    entries.push({ kind: 'page', label: 'Mon compte', to: '/account' });
  }
  entries.push({ kind: 'logout', label: 'Se déconnecter' });
  return entries;
}
