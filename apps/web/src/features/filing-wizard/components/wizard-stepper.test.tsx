import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WizardStepper } from './wizard-stepper';

const wide = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
const wideMatchMedia = wide.value as (query: string) => MediaQueryList;

/** A phone: the max-width queries match (setup.ts makes the min-width ones match). */
function narrowScreen() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ ...wideMatchMedia(query), matches: /max-width/.test(query) }),
  });
}

afterEach(() => {
  Object.defineProperty(window, 'matchMedia', wide);
});

describe('the wizard stepper', () => {
  it('lists the six steps on a wide screen', () => {
    render(<WizardStepper step={2} hasErrors={false} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it('on a phone, says which step of six the applicant is on, in words', () => {
    narrowScreen();
    render(<WizardStepper step={4} hasErrors={false} />);
    expect(screen.queryByRole('list')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Étapes de la demande' });
    expect(nav.textContent).toBe('Étape 4 sur 6 : Chantier');
    expect(screen.getByRole('progressbar', { name: 'Étape 4 sur 6' }).getAttribute('aria-valuenow')).toBe(
      String((4 / 6) * 100),
    );
  });
});
