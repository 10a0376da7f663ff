import { screen, waitFor, within } from '@testing-library/react';
import type { Reception } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { AppointmentChoiceDialog } from './appointment-choice-dialog';
import { opensAppointmentChoiceOnLoad } from './appointments';
import { aWorksRequest, renderWorksDialog } from './works-test-harness';

const TITLE = 'Choisir un rendez-vous';

const reception = (fields: Partial<Reception> = {}): Reception => ({
  id: 3,
  requestId: 42,
  option: 'Rendez-vous',
  dateVisite: null,
  motifRefusTxt: null,
  rdv1: '2026-12-01T08:30:00.000Z',
  rdv2: null,
  rdv3: '2026-12-03T13:00:00.000Z',
  roadDisturbance: false,
  lat: null,
  lon: null,
  ...fields,
});

const inState6 = (fields: Partial<Reception> = {}) =>
  aWorksRequest({
    stateId: 6,
    state: { id: 6, name: 'Rendez-vous proposé' },
    actions: ['chooseAppointment', 'declineAppointments'],
    reception: reception(fields),
  });

const dialog = () => screen.findByRole('dialog', { name: TITLE });

describe('appointment choice dialog', { timeout: 30_000 }, () => {
  it("lists the proposals in Paris time and 'Aucune disponibilité'; the chosen one is sent by its number", async () => {
    const { calls } = mockApi({
      'POST /api/request/42/appointments/choice': ok(
        aWorksRequest({ stateId: 7, state: { id: 7, name: 'Rendez-vous accepté' } }),
        'Rendez-vous accepté.',
      ),
    });
    const { user } = renderWorksDialog(AppointmentChoiceDialog, inState6());
    const form = await dialog();
    const group = within(form).getByRole('radiogroup', { name: /^Rendez-vous proposés/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['01/12/2026 09:30', '03/12/2026 14:00', 'Aucune disponibilité']);
    const validate = within(form).getByRole('button', { name: 'Valider' });
    expect(validate).toHaveProperty('disabled', true);

    await user.click(within(form).getByRole('radio', { name: '03/12/2026 14:00' }));
    await user.click(validate);

    expect(await screen.findByText('Rendez-vous accepté.')).toBeTruthy();
    const call = calls.find((item) => item.path === '/api/request/42/appointments/choice');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ choice: 3 });
    expect(screen.getByText('État : Rendez-vous accepté')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
  });

  it("'Aucune disponibilité' declines the proposals ('Refus de rendez-vous effectué.' when the server says nothing)", async () => {
    const { calls } = mockApi({
      'POST /api/request/42/appointments/decline': ok(inState6({ rdv1: null, rdv3: null }), ''),
    });
    const { user } = renderWorksDialog(AppointmentChoiceDialog, inState6());
    const form = await dialog();
    await user.click(within(form).getByRole('radio', { name: 'Aucune disponibilité' }));
    await user.click(within(form).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Refus de rendez-vous effectué.')).toBeTruthy();
    const call = calls.find((item) => item.path === '/api/request/42/appointments/decline');
    expect(call?.method).toBe('POST');
    expect(call?.body).toBeUndefined();
    expect(calls.some((item) => item.path.endsWith('/choice'))).toBe(false);
  });

  it("offers 'Aucune disponibilité' only when the server lists the decline", async () => {
    mockApi({});
    renderWorksDialog(AppointmentChoiceDialog, { ...inState6(), actions: ['chooseAppointment'] });
    const form = await dialog();
    expect(within(form).getAllByRole('radio')).toHaveLength(2);
    expect(within(form).queryByRole('radio', { name: 'Aucune disponibilité' })).toBeNull();
  });
});

describe('the appointment choice opened on load (docs/screens.md)', () => {
  it('opens when the viewer may choose and a proposal exists', () => {
    expect(
      opensAppointmentChoiceOnLoad(inState6({ rdv1: null, rdv3: null, rdv2: '2026-12-02T08:00:00.000Z' })),
    ).toBe(true);
  });

  it('stays closed without the action, without a proposal, or without the request', () => {
    expect(opensAppointmentChoiceOnLoad({ ...inState6(), actions: ['declineAppointments'] })).toBe(false);
    expect(opensAppointmentChoiceOnLoad(inState6({ rdv1: null, rdv3: null }))).toBe(false);
    expect(opensAppointmentChoiceOnLoad({ ...inState6(), reception: null })).toBe(false);
    expect(opensAppointmentChoiceOnLoad(undefined)).toBe(false);
  });
});
