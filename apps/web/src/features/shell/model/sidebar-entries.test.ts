import { describe, expect, it } from 'vitest';
import { sidebarEntries, type SidebarOptions } from './sidebar-entries';

const CONFIG: SidebarOptions = {
  hiddenAccountUserId: 248,
  dashboardUrl: 'https://tableau-de-bord.example.fr',
};
const labels = (roles: string[], id = 7, config = CONFIG) =>
  sidebarEntries({ id, roles: roles as never }, config).map((entry) => entry.label);

describe('sidebar entries', () => {
  it('gives an applicant the list, the account and sign-out', () => {
    expect(labels(['ROLE_DEMANDEUR'])).toEqual(['Demandes de voirie', 'Mon compte', 'Se déconnecter']);
  });

  it('adds the dashboard for an instructor', () => {
    expect(labels(['ROLE_INSTRUCTEUR'])).toEqual([
      'Demandes de voirie',
      'Tableau de bord',
      'Mon compte',
      'Se déconnecter',
    ]);
  });

  it('gives an administrator every entry, in the sidebar order', () => {
    expect(labels(['ROLE_ADMIN'])).toEqual([
      'Demandes de voirie',
      'Gestion des destinataires',
      'Gestion des utilisateurs',
      'Gestion des modèles',
      'Tableau de bord',
      'Mon compte',
      'Se déconnecter',
    ]);
  });

  it('hides the dashboard when none is configured', () => {
    expect(labels(['ROLE_ADMIN'], 7, { ...CONFIG, dashboardUrl: null })).not.toContain('Tableau de bord');
  });

  it("hides 'Mon compte' from the configured shared account only", () => {
    expect(labels(['ROLE_ADMIN'], 248)).not.toContain('Mon compte');
    expect(labels(['ROLE_ADMIN'], 249)).toContain('Mon compte');
    expect(labels(['ROLE_DEMANDEUR'], 248, { ...CONFIG, hiddenAccountUserId: null })).toContain('Mon compte');
  });

  it('points each entry at its page, the dashboard at its address', () => {
    expect(sidebarEntries({ id: 1, roles: ['ROLE_ADMIN'] }, CONFIG)).toEqual([
      { kind: 'page', label: 'Demandes de voirie', to: '/dossiers' },
      { kind: 'page', label: 'Gestion des destinataires', to: '/destinataires' },
      { kind: 'page', label: 'Gestion des utilisateurs', to: '/users' },
      { kind: 'page', label: 'Gestion des modèles', to: '/modeles' },
      { kind: 'external', label: 'Tableau de bord', href: 'https://tableau-de-bord.example.fr' },
      { kind: 'page', label: 'Mon compte', to: '/account' },
      { kind: 'logout', label: 'Se déconnecter' },
    ]);
  });
});
