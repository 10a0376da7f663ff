import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { AppointmentsProposalDialog } from './appointments-proposal-dialog';
import { aWorksRequest, renderWorksDialog } from './works-test-harness';

const TITLE = 'Proposer des rendez-vous';
const pending = () =>
  aWorksRequest({
    stateId: 6,
    state: { id: 6, name: 'Rendez-vous proposé' },
    actions: ['proposeAppointments'],
  });

function mockProposal() {
  return mockApi({
    'POST /api/request/42/appointments': ok(
      aWorksRequest({ stateId: 6, state: { id: 6, name: 'Rendez-vous proposé' }, actions: [] }),
      'Proposition de rendez-vous effectuée.',
    ),
  });
}

const posts = (calls: ReturnType<typeof mockProposal>['calls']) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/request/42/appointments');

async function typeSlot(
  form: HTMLElement,
  user: ReturnType<typeof renderWorksDialog>['user'],
  slot: number,
  digits: string,
) {
  await user.click(within(form).getByRole('group', { name: new RegExp(`^Rendez-vous ${String(slot)}`) }));
  await user.keyboard(digits);
}

describe('appointments proposal dialog', { timeout: 30_000 }, () => {
  it('offers three date-and-time fields and asks for at least one', async () => {
    const { calls } = mockProposal();
    const { user } = renderWorksDialog(AppointmentsProposalDialog, pending());
    const form = await screen.findByRole('dialog', { name: TITLE });
    for (const slot of [1, 2, 3])
      expect(
        within(form).getByRole('group', { name: new RegExp(`^Rendez-vous ${String(slot)}`) }),
      ).toBeTruthy();
    expect(within(form).queryByRole('group', { name: /^Rendez-vous 4/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('Veuillez proposer au moins un rendez-vous')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('refuses a date in the past, beside its field', async () => {
    const { calls } = mockProposal();
    const { user } = renderWorksDialog(AppointmentsProposalDialog, pending());
    const form = await screen.findByRole('dialog', { name: TITLE });
    await typeSlot(form, user, 1, '150320201030');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('Un rendez-vous proposé doit être dans le futur')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('sends the filled slots as ISO date-times, then shows the notice', async () => {
    const { calls } = mockProposal();
    const { user } = renderWorksDialog(AppointmentsProposalDialog, pending());
    const form = await screen.findByRole('dialog', { name: TITLE });
    await typeSlot(form, user, 1, '150320301030');
    await typeSlot(form, user, 3, '160320301400');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Proposition de rendez-vous effectuée.')).toBeTruthy();
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        appointments: [
          new Date(2030, 2, 15, 10, 30).toISOString(),
          new Date(2030, 2, 16, 14, 0).toISOString(),
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
  });

  it('starts from the proposals still to come', async () => {
    mockProposal();
    renderWorksDialog(
      AppointmentsProposalDialog,
      aWorksRequest({
        stateId: 6,
        actions: ['proposeAppointments'],
        reception: {
          id: 3,
          requestId: 42,
          rdv1: '2020-01-10T09:00:00.000Z',
          rdv2: '2030-03-15T09:30:00.000Z',
        },
      }),
    );
    const form = await screen.findByRole('dialog', { name: TITLE });
    const slot = (n: number) =>
      within(form).getByRole('group', { name: new RegExp(`^Rendez-vous ${String(n)}`) }).textContent ?? '';
    expect(slot(1)).not.toContain('2020');
    expect(slot(2)).toContain('15/03/2030');
  });
});
