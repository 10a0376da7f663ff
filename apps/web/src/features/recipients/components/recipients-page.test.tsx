import { screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aUser, ok } from '../../../test/fixtures';
import { mockApi, type RecordedCall, writes } from '../../../test/mock-api';
import { renderWithToasts } from '../../../test/render-with-query';
import type { CityItem } from '../api/recipients-api';
import { RecipientsPage } from './recipients-page';

const ADMIN = aUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
const REQUIRED = 'Ce champ est obligatoire';
const EMAIL_INVALID = 'Veuillez saisir une adresse e-mail valide';

function aCity(overrides: Partial<CityItem>): CityItem {
  return { id: 1, name: 'Angresse', insee: '40001', mailMairie: null, mailPM: null, ...overrides };
}

/** A fake API holding the towns and contacts, changed by the PUT, POST and DELETE it receives. */
function fakeRecipientsApi() {
  let cities = [
    aCity({ id: 4, name: 'Capbreton', insee: '40065', mailMairie: 'mairie@capbreton.test' }),
    aCity({ id: 22, name: 'Tosse', insee: '40317' }),
  ];
  let contacts: Contact[] = [{ id: 7, name: 'Capbreton', email: 'garde@capbreton.test' }];
  return mockApi({
    'GET /api/userConnected': ok(ADMIN),
    'GET /api/cities': () => ok(cities),
    'GET /api/contacts': () => ok(contacts),
    'PUT /api/city/22': (call: RecordedCall) => {
      const body = call.body as { mailMairie: string; mailPM: string };
      cities = cities.map((city) =>
        city.id === 22 ? { ...city, mailMairie: body.mailMairie || null, mailPM: body.mailPM || null } : city,
      );
      return ok(cities[1], 'email modifié');
    },
    'POST /api/contacts': (call: RecordedCall) => {
      const body = call.body as { email: string; commune: string };
      if (contacts.some((contact) => contact.email === body.email)) {
        return {
          status: 409,
          body: {
            success: false,
            code: 'CONFLICT',
            message: `Le contact ${body.email} existe déjà pour la commune ${body.commune}.`,
          },
        };
      }
      const contact = { id: 8, name: body.commune, email: body.email };
      contacts = [...contacts, contact];
      return ok(contact, 'Contact ajouté.');
    },
    'DELETE /api/contacts/7': () => {
      contacts = contacts.filter((contact) => contact.id !== 7);
      return ok({ id: 7, name: 'Capbreton', email: 'garde@capbreton.test' }, 'Contact supprimé.');
    },
  });
}

function renderPage() {
  return renderWithToasts(<RecipientsPage />);
}

describe('RecipientsPage', () => {
  it("lists the towns' e-mails and the extra contacts, with their columns", async () => {
    fakeRecipientsApi();
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion des destinataires' })).toBeTruthy();
    const towns = await screen.findByRole('table', { name: 'Contacts' });
    expect(
      within(towns)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Commune', 'Email mairie', 'Email police municipale', 'Actions']);
    const capbreton = await within(towns).findByRole('row', { name: /Capbreton/ });
    expect(capbreton.textContent).toContain('mairie@capbreton.test');
    // No colour-only information: a missing address is said in words.
    expect(
      within(within(towns).getByRole('row', { name: /Tosse/ })).getAllByText('Non renseigné'),
    ).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Contacts supplémentaires' }));
    const extra = await screen.findByRole('table', { name: 'Contacts supplémentaires' });
    expect(
      within(extra)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Commune', 'Email', 'Actions']);
    expect(await within(extra).findByRole('row', { name: /garde@capbreton.test/ })).toBeTruthy();
  });

  it("edits a town's e-mails: the domain's message under a bad field, then PUT, 'email modifié' and the table refreshed", async () => {
    const { calls } = fakeRecipientsApi();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier les e-mails de Tosse' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mails de Tosse' });
    const mairie = within(dialog).getByRole('textbox', { name: 'Email mairie' });
    await user.type(mairie, 'pas-une-adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(EMAIL_INVALID)).toBeTruthy();
    expect(mairie.getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
    await user.clear(mairie);
    await user.type(mairie, 'urbanisme@tosse.test');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Email police municipale' }),
      'police@tosse.test',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('email modifié')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/city/22',
        body: { mailMairie: 'urbanisme@tosse.test', mailPM: 'police@tosse.test' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByRole('row', { name: /urbanisme@tosse\.test/ });
    expect(row.textContent).toContain('police@tosse.test');
  });

  it('adds a contact: field errors from the domain schema, the server refusal in the dialog, then the new row', async () => {
    const { calls } = fakeRecipientsApi();
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Contacts' });
    await user.click(screen.getByRole('button', { name: 'Contacts supplémentaires' }));
    await user.click(await screen.findByRole('button', { name: 'Ajouter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(dialog).getAllByText(REQUIRED)).toHaveLength(2));
    expect(writes(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Commune' }));
    await user.click(await screen.findByRole('option', { name: 'Capbreton' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'garde@capbreton.test');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText(
        'Le contact garde@capbreton.test existe déjà pour la commune Capbreton.',
      ),
    ).toBeTruthy();

    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'voirie@capbreton.test');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Contact ajouté.')).toBeTruthy();
    expect(writes(calls).map((call) => call.body)).toEqual([
      { commune: 'Capbreton', email: 'garde@capbreton.test' },
      { commune: 'Capbreton', email: 'voirie@capbreton.test' },
    ]);
    expect(await screen.findByRole('row', { name: /voirie@capbreton\.test/ })).toBeTruthy();
  });

  it('deletes a contact after the confirmation', async () => {
    const { calls } = fakeRecipientsApi();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Contacts supplémentaires' }));
    await user.click(
      await screen.findByRole('button', { name: 'Supprimer le contact garde@capbreton.test' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Voulez vous vraiment supprimer ce contact ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Supprimer le contact garde@capbreton.test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Contact supprimé.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/contacts/7', body: undefined }]);
    expect(await screen.findByText('Aucun contact supplémentaire.')).toBeTruthy();
  });

  it('is for administrators only: an instructor is told so, sees no button and nothing is asked', async () => {
    const { calls } = mockApi({
      'GET /api/userConnected': ok(aUser({ roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'] })),
    });
    renderPage();
    expect(
      await screen.findByText('La gestion des destinataires est réservée aux administrateurs.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/userConnected']);
  });
});
