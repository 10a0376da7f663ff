import { describe, expect, it } from 'vitest';
import { sidebarEntries, type SidebarOptions } from './sidebar-entries';

const CONFIG: SidebarOptions = { hiddenAccountUserId: 248 };
const labels = (roles: string[], id = 7, config = CONFIG) =>
  sidebarEntries({ id, roles: roles as never }, config).map((entry) => entry.label);

describe('sidebar entries', () => {
  it('gives an applicant the list, the drafts, the documents, the account and sign-out', () => {
    expect(labels(['ROLE_DEMANDEUR'])).toEqual([
      'Demandes de voirie',
      'Brouillons',
      'Documents',
      'Mon compte',
      'Se déconnecter',
    ]);
  });

  it('adds the dashboard for an instructor', () => {
    expect(labels(['ROLE_INSTRUCTEUR'])).toEqual([
      'Demandes de voirie',
      'Brouillons',
      'Tableau de bord',
      'Délais légaux',
      'Registre des actes',
      'Calendrier des chantiers',
      'Documents',
      'Mon compte',
      'Se déconnecter',
    ]);
  });

  it('gives an administrator every entry, in the sidebar order', () => {
    expect(labels(['ROLE_ADMIN'])).toEqual([
      'Demandes de voirie',
      'Brouillons',
      'Gestion des destinataires',
      'Gestion des utilisateurs',
      'Gestion des modèles',
      'Gestion des opérateurs',
      'Gestion des sous-traitants',
      'Tableau de bord',
      'Délais légaux',
      'Registre des actes',
      'Coordination des travaux',
      'Calendrier des chantiers',
      'Documents',
      'Mon compte',
      'Se déconnecter',
    ]);
  });

  it('gives no drafts to a road manager, who files nothing', () => {
    expect(labels(['ROLE_GESTIONNAIRE'])).not.toContain('Brouillons');
  });

  it("hides 'Mon compte' from the configured shared account only", () => {
    expect(labels(['ROLE_ADMIN'], 248)).not.toContain('Mon compte');
    expect(labels(['ROLE_ADMIN'], 249)).toContain('Mon compte');
    expect(labels(['ROLE_DEMANDEUR'], 248, { hiddenAccountUserId: null })).toContain('Mon compte');
  });

  it('points each entry at its page, the dashboard at the statistics page', () => {
    expect(sidebarEntries({ id: 1, roles: ['ROLE_ADMIN'] }, CONFIG)).toEqual([
      { kind: 'page', label: 'Demandes de voirie', to: '/dossiers' },
      { kind: 'page', label: 'Brouillons', to: '/brouillons' },
      { kind: 'page', label: 'Gestion des destinataires', to: '/destinataires' },
      { kind: 'page', label: 'Gestion des utilisateurs', to: '/users' },
      { kind: 'page', label: 'Gestion des modèles', to: '/modeles' },
      { kind: 'page', label: 'Gestion des opérateurs', to: '/groups/operator' },
      { kind: 'page', label: 'Gestion des sous-traitants', to: '/groups/soustraitant' },
      { kind: 'page', label: 'Tableau de bord', to: '/statistics' },
      { kind: 'page', label: 'Délais légaux', to: '/delais' },
      { kind: 'page', label: 'Registre des actes', to: '/registre' },
      { kind: 'page', label: 'Coordination des travaux', to: '/coordination' },
      { kind: 'page', label: 'Calendrier des chantiers', to: '/chantiers' },
      { kind: 'page', label: 'Documents', to: '/documents' },
      { kind: 'page', label: 'Mon compte', to: '/account' },
      { kind: 'logout', label: 'Se déconnecter' },
    ]);
  });
});
