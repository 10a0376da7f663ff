import { screen, waitFor, within } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { filingRequestPayload } from '../model/filing-payload';
import { wizardReducer } from '../model/wizard-reducer';
import { initialWizardState } from '../model/wizard-state';
import { PartiesStep } from './parties-step';

/** Step 3 with the wizard's reducer, and the parties Terminer would send. */
function Harness() {
  const [state, dispatch] = useReducer(wizardReducer, { ...initialWizardState(1), step: 3 as const });
  const { parties } = filingRequestPayload(state.kind, state.location, state.drafts);
  return (
    <>
      <PartiesStep state={state} dispatch={dispatch} />
      <output aria-label="Parties envoyées">{JSON.stringify(parties)}</output>
    </>
  );
}

const sent = () =>
  JSON.parse(screen.getByRole('status', { name: 'Parties envoyées' }).textContent ?? '{}') as {
    petitioner: Record<string, unknown>;
    isbeneficiaire: boolean;
    beneficiary: Record<string, unknown> | null;
  };

/** A company's identity, address and phone, as the applicant's block shows them. */
const COMPANY = {
  nature: 'Entreprise',
  corporationName: 'SARL Les Pins',
  corporationSiret: '73282932000074',
  corporationAgentTitle: 'Madame',
  corporationAgent: 'Claire Dupont',
  addressNum: '12',
  addressExt: 'bis',
  addressType: 'Avenue',
  addressName: 'des Pins',
  place: 'Les Barthes',
  addressPostalCode: '40130',
  addressCity: 'Capbreton',
  phoneIndicative: '+33',
  phone: '0558000000',
};

/** An account holding a company's whole identity (Mon compte). */
const COMPANY_ACCOUNT = { ...COMPANY, isCorporation: true, country: 'France' };

describe("step 3 'Le demandeur'", () => {
  it("'Je suis le demandeur' then Entreprise: the company is the applicant, the user its agent, the hidden names not sent", async () => {
    signInCookie();
    mockApi({ 'GET /api/userConnected': ok(aUser()) });
    const { user } = renderWithQuery(<Harness />);
    const button = await screen.findByRole('button', { name: 'Je suis le demandeur' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    const identity = screen.getByRole('group', { name: 'Demandeur : identité' });
    expect(within(identity).getByRole('textbox', { name: 'Nom' })).toHaveProperty('value', 'Dupont');

    await user.selectOptions(within(identity).getByRole('combobox', { name: 'Statut' }), 'Entreprise');
    expect(within(identity).queryByRole('textbox', { name: 'Nom' })).toBeNull();
    await user.type(within(identity).getByRole('textbox', { name: 'Raison sociale' }), 'SARL Les Pins');
    // The signed-in user, who said 'Je suis le demandeur', is offered as the company's agent.
    expect(within(identity).getByRole('textbox', { name: 'Nom du représentant' })).toHaveProperty(
      'value',
      'Claire Dupont',
    );
    expect(within(identity).getByRole('combobox', { name: 'Civilité du représentant' })).toHaveProperty(
      'value',
      'Madame',
    );
    expect(sent().petitioner).toMatchObject({
      nature: 'Entreprise',
      corporationName: 'SARL Les Pins',
      corporationAgent: 'Claire Dupont',
      title: null,
      lastName: null,
      firstName: null,
      email: 'claire.dupont@example.fr',
    });

    // Back to Particulier: the names come back, the company is not sent.
    await user.selectOptions(within(identity).getByRole('combobox', { name: 'Statut' }), 'Particulier');
    expect(within(identity).getByRole('textbox', { name: 'Nom' })).toHaveProperty('value', 'Dupont');
    expect(sent().petitioner).toMatchObject({ lastName: 'Dupont', corporationName: null });
  });

  it("'Je suis le demandeur' fills every field of the applicant's block from the account", async () => {
    signInCookie();
    mockApi({ 'GET /api/userConnected': ok(aUser(COMPANY_ACCOUNT)) });
    const { user } = renderWithQuery(<Harness />);
    const button = await screen.findByRole('button', { name: 'Je suis le demandeur' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);

    const identity = screen.getByRole('group', { name: 'Demandeur : identité' });
    const address = screen.getByRole('group', { name: 'Demandeur : adresse' });
    const contact = screen.getByRole('group', { name: 'Demandeur : coordonnées' });
    const valueIn = (group: HTMLElement, role: 'textbox' | 'combobox', name: string) =>
      within(group).getByRole<HTMLInputElement>(role, {
        name: (accessible) => accessible === name || accessible === `${name} *`,
      }).value;
    expect({
      nature: valueIn(identity, 'combobox', 'Statut'),
      corporationName: valueIn(identity, 'textbox', 'Raison sociale'),
      corporationSiret: valueIn(identity, 'textbox', 'N° SIRET'),
      corporationAgentTitle: valueIn(identity, 'combobox', 'Civilité du représentant'),
      corporationAgent: valueIn(identity, 'textbox', 'Nom du représentant'),
      addressNum: valueIn(address, 'textbox', 'N°'),
      addressExt: valueIn(address, 'textbox', 'Extension'),
      addressType: valueIn(address, 'textbox', 'Type de voie'),
      addressName: valueIn(address, 'textbox', 'Nom de voie'),
      place: valueIn(address, 'textbox', 'Lieu-dit / BP'),
      addressPostalCode: valueIn(address, 'textbox', 'Code postal'),
      addressCity: valueIn(address, 'textbox', 'Localité'),
      phoneIndicative: valueIn(contact, 'textbox', 'Indicatif'),
      phone: valueIn(contact, 'textbox', 'Téléphone'),
      email: valueIn(contact, 'textbox', 'Adresse e-mail'),
    }).toEqual({ ...COMPANY, email: 'claire.dupont@example.fr' });
    // What Terminer sends: the company as the account holds it, no person's names for a company.
    expect(sent().petitioner).toMatchObject({
      nature: 'Entreprise',
      corporationName: 'SARL Les Pins',
      corporationSiret: '73282932000074',
      place: 'Les Barthes',
      lastName: null,
    });

    // The account's names are in the block too: Particulier shows them.
    await user.selectOptions(within(identity).getByRole('combobox', { name: 'Statut' }), 'Particulier');
    expect(valueIn(identity, 'combobox', 'Civilité')).toBe('Madame');
    expect(valueIn(identity, 'textbox', 'Nom')).toBe('Dupont');
    expect(valueIn(identity, 'textbox', 'Prénom')).toBe('Claire');
  });

  it('sends the beneficiary typed in its block, with its own identity', async () => {
    signInCookie();
    mockApi({ 'GET /api/userConnected': ok(aUser()) });
    const { user } = renderWithQuery(<Harness />);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Le Bénéficiaire est différent du demandeur' }),
    );
    const identity = screen.getByRole('group', { name: 'Bénéficiaire : identité' });
    await user.selectOptions(within(identity).getByRole('combobox', { name: 'Statut' }), 'Particulier');
    await user.type(within(identity).getByRole('textbox', { name: 'Nom' }), 'Martin');
    await user.type(within(identity).getByRole('textbox', { name: 'Prénom' }), 'Paul');
    expect(sent()).toMatchObject({
      isbeneficiaire: true,
      beneficiary: { nature: 'Particulier', lastName: 'Martin', firstName: 'Paul', corporationName: null },
    });
  });
});
