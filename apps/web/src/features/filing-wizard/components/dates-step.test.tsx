import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { wizardReducer } from '../model/wizard-reducer';
import { initialWizardState } from '../model/wizard-state';
import { DatesStep } from './dates-step';

function Harness() {
  const [state, dispatch] = useReducer(wizardReducer, { ...initialWizardState(1), step: 4 as const });
  return (
    <DatePickersProvider>
      <DatesStep state={state} dispatch={dispatch} />
      <button type="button" onClick={() => dispatch({ type: 'next' })}>
        Suivant
      </button>
    </DatePickersProvider>
  );
}

async function typeDates(startDate: string, endDate: string) {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('group', { name: 'Date de début des travaux' }));
  await user.keyboard(startDate);
  await user.click(screen.getByRole('group', { name: 'Date de fin des travaux' }));
  await user.keyboard(endDate);
  return user;
}

const days = () => screen.getByRole('textbox', { name: 'Nombre de jours' });

describe('step 4 dates', () => {
  it('reads the dates typed DD/MM/YYYY and counts the calendar days', async () => {
    await typeDates('10032026', '12032026');
    expect(days()).toHaveProperty('value', '3');
  });

  it('refuses an end before the start', async () => {
    const user = await typeDates('10032026', '08032026');
    expect(days()).toHaveProperty('value', '-1');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(
      screen.getByText(
        'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux',
      ),
    ).toBeTruthy();
  });
});
