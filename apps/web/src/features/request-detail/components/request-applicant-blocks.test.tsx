import { render, screen, within } from '@testing-library/react';
import type { Party } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aStoredRequest } from '../../../test/request-fixtures';
import { RequestApplicantBlocks } from './request-applicant-blocks';

const COMPANY: Party = {
  id: 3,
  nature: 'Entreprise',
  title: null,
  lastName: null,
  firstName: null,
  corporationName: 'SARL Les Pins',
  corporationSiret: '12345678901234',
  corporationAgentTitle: 'Madame',
  corporationAgent: 'Claire Dupont',
  email: 'claire.dupont@example.fr',
  phone: '0601020304',
  addressNum: '3',
  addressExt: null,
  addressType: 'Avenue',
  addressName: 'du Port',
  addressCity: 'Capbreton',
  addressPostalCode: '40130',
  place: null,
};

const PERSON: Party = {
  ...COMPANY,
  id: 4,
  nature: 'Particulier',
  title: 'Monsieur',
  firstName: 'Paul',
  lastName: 'Martin',
  corporationName: null,
  corporationSiret: null,
  corporationAgentTitle: null,
  corporationAgent: null,
  email: null,
  phone: null,
  addressNum: '5',
  addressType: 'Rue',
  addressName: 'des Lilas',
};

/** The definition list of a block as 'label: value' lines. */
function rowsOf(region: HTMLElement): string[] {
  const terms = within(region).getAllByRole('term');
  return terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
}

describe("the request's applicant blocks", () => {
  it('in completeness: the missing pieces by their names, the comment and the date', () => {
    render(
      <RequestApplicantBlocks
        request={aStoredRequest({
          missingDocuments: [85, 5],
          missingDocumentTypes: [
            { id: 5, name: 'Photos' },
            { id: 85, name: 'Formulaire CERFA 14023 complété et signé' },
          ],
          comment: 'Le formulaire n’est pas signé.',
          completenessDate: '2026-03-10',
        })}
      />,
    );
    const notice = screen.getByRole('region', { name: 'Demande de complétude' });
    expect(
      within(within(notice).getByRole('list', { name: 'Pièces manquantes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Formulaire CERFA 14023 complété et signé', 'Photos']);
    expect(rowsOf(notice)).toEqual([
      "Commentaire de l'instructeur: Le formulaire n’est pas signé.",
      'Date de la demande de complétude: 10/03/2026',
    ]);
  });

  it('says nothing of completeness in another state', () => {
    render(
      <RequestApplicantBlocks
        request={aStoredRequest({
          stateId: 9,
          state: { id: 9, name: 'Complétude réalisée' },
          missingDocuments: [],
          missingDocumentTypes: [],
          comment: 'Le formulaire n’est pas signé.',
          completenessDate: '2026-03-10',
        })}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Demande de complétude' })).toBeNull();
    expect(screen.queryByText('Le formulaire n’est pas signé.')).toBeNull();
  });

  it('shows the applicant as a company with its agent, and the beneficiary', () => {
    render(
      <RequestApplicantBlocks
        request={aStoredRequest({
          stateId: 3,
          isbeneficiaire: true,
          petitioner: COMPANY,
          beneficiary: PERSON,
        })}
      />,
    );
    expect(rowsOf(screen.getByRole('region', { name: 'Demandeur' }))).toEqual([
      'Statut: Entreprise',
      'Raison sociale: SARL Les Pins',
      'N° SIRET: 12345678901234',
      'Représentant: Madame Claire Dupont',
      'Adresse: 3 Avenue du Port, 40130 Capbreton',
      'Téléphone: 0601020304',
      'Adresse e-mail: claire.dupont@example.fr',
    ]);
    expect(rowsOf(screen.getByRole('region', { name: 'Bénéficiaire' }))).toEqual([
      'Statut: Particulier',
      'Nom: Monsieur Paul Martin',
      'Adresse: 5 Rue des Lilas, 40130 Capbreton',
    ]);
  });

  it('has no beneficiary block when the applicant is the beneficiary', () => {
    render(<RequestApplicantBlocks request={aStoredRequest({ stateId: 3 })} />);
    expect(screen.getByRole('region', { name: 'Demandeur' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Bénéficiaire' })).toBeNull();
  });
});
