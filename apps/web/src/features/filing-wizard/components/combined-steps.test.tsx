import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALIDATION_MESSAGES } from '@voirie/domain';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { completeState } from '../model/wizard-fixtures';
import { wizardReducer } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { AdditionalInfoStep } from './additional-info-step';
import { WorksFormStep } from './works-form-step';

// Several acts in the wizard (docs/api-filing.md): step 2 of a permission offers 'Demander aussi
// l'alignement', whose questions come at step 4; step 4 offers the traffic-police order when the
// works take the carriageway, filled from the request.

/** Steps 2 and 4 of one wizard, with Suivant (the step's checks) and a way between them. */
function Harness({ initial }: { initial: WizardState }) {
  const [state, dispatch] = useReducer(wizardReducer, initial);
  return (
    <DatePickersProvider>
      <p>Étape {state.step}</p>
      {state.step === 2 && <WorksFormStep state={state} dispatch={dispatch} />}
      {state.step === 4 && <AdditionalInfoStep state={state} dispatch={dispatch} />}
      <button type="button" onClick={() => dispatch({ type: 'next' })}>
        Suivant
      </button>
      <button
        type="button"
        onClick={() =>
          dispatch({
            type: 'draftChanged',
            section: 'cerfa',
            field: 'longitudinalTrenchUnderRoad',
            value: '',
          })
        }
      >
        Plus de tranchée sous chaussée
      </button>
    </DatePickersProvider>
  );
}

function renderAt(step: 2 | 4, edit: (state: WizardState) => WizardState = (state) => state) {
  const user = userEvent.setup();
  render(<Harness initial={edit({ ...completeState(1), step })} />);
  return user;
}

/** A networks permission whose works open the roadway, filed by a company. */
const onCarriageway = (state: WizardState): WizardState => ({
  ...state,
  drafts: {
    ...state.drafts,
    cerfa: { ...state.drafts.cerfa, themes: 'ouvrage_divers', longitudinalTrenchUnderRoad: '25' },
    petitioner: {
      ...state.drafts.petitioner,
      nature: 'Entreprise',
      corporationName: 'Réseaux Sud Landes',
      email: 'chantiers@reseaux-sud.fr',
    },
  },
});

const ALIGNMENT_BOX = "Demander aussi l'alignement";
const TRAFFIC_BOX = "Demander l'arrêté de police de la circulation (cerfa 14024)";

describe("step 2: 'Demander aussi l'alignement'", () => {
  it('a labelled box, its questions said to come with the dates', async () => {
    const user = renderAt(2);
    const box = screen.getByRole('checkbox', { name: ALIGNMENT_BOX });
    expect(box).toHaveProperty('checked', false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(box);
    expect(box).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 3')).toBeTruthy();
  });

  it('cannot change on update', () => {
    renderAt(2, (state) => ({ ...state, mode: 'update', drafts: { ...state.drafts, withAlignment: true } }));
    const box = screen.getByRole('checkbox', { name: ALIGNMENT_BOX });
    expect(box).toHaveProperty('disabled', true);
    expect(box).toHaveProperty('checked', true);
  });
});

describe('step 4 of a permission', () => {
  it("asks the alignment's questions when asked, checked as kind 2's", async () => {
    const user = renderAt(4, (state) => ({
      ...state,
      drafts: {
        ...state.drafts,
        withAlignment: true,
        alignment: { ...state.drafts.alignment, reasonRequest: '' },
      },
    }));
    expect(screen.getByRole('heading', { level: 3, name: "Demande d'alignement individuel" })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 4')).toBeTruthy();
    const reason = screen.getByRole('combobox', { name: /Motif de la demande/ });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await user.selectOptions(reason, 'Real cloture');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 5')).toBeTruthy();
  });

  it('offers no traffic order when the works stay off the carriageway', () => {
    renderAt(4);
    expect(screen.queryByRole('checkbox', { name: TRAFFIC_BOX })).toBeNull();
    expect(screen.queryByRole('heading', { name: "Demande d'alignement individuel" })).toBeNull();
  });

  it('opens the 14024 filled from the request, every field labelled and editable', async () => {
    const user = renderAt(4, onCarriageway);
    await user.click(screen.getByRole('checkbox', { name: TRAFFIC_BOX }));
    const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
    expect(textbox('Description des travaux')).toHaveProperty('value', 'Ouvrages divers');
    expect(
      screen.getByRole('spinbutton', { name: 'Durée de la réglementation (en jours calendaires)' }),
    ).toHaveProperty('value', '5');
    expect(screen.getByRole('checkbox', { name: 'Empiètement sur chaussée' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('radio', { name: 'Le demandeur' })).toHaveProperty('checked', true);
    expect(textbox('Dénomination')).toHaveProperty('value', 'Réseaux Sud Landes');
    expect(textbox('Courriel')).toHaveProperty('value', 'chantiers@reseaux-sud.fr');
    // The five directions, alternating traffic, the bans by vehicle.
    const direction = screen.getByRole('radiogroup', { name: 'Sens de circulation concerné' });
    expect(within(direction).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(direction).getByRole('radio', { name: 'Fermeture à la circulation' }));
    await user.click(screen.getByRole('radio', { name: 'Manuellement' }));
    const parking = screen.getByRole('group', { name: 'Interdiction de stationner' });
    await user.click(within(parking).getByRole('checkbox', { name: 'Poids lourds' }));
    expect(within(parking).getByRole('checkbox', { name: 'Poids lourds' })).toHaveProperty('checked', true);
    expect(within(parking).getByRole('checkbox', { name: 'Véhicules légers' })).toHaveProperty(
      'checked',
      false,
    );

    const speed = screen.getByRole('spinbutton', { name: 'Vitesse limitée à (km/h)' });
    await user.type(speed, '45');
    await user.clear(textbox('Courriel'));
    await user.type(textbox('Courriel'), 'signal@');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 4')).toBeTruthy();
    expect(speed.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(VALIDATION_MESSAGES.step(10))).toBeTruthy();
    expect(screen.getByText(VALIDATION_MESSAGES.emailInvalid)).toBeTruthy();
    await user.clear(speed);
    await user.type(speed, '30');
    await user.clear(textbox('Courriel'));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 5')).toBeTruthy();
  });

  it('says the order will not be asked when the works left the carriageway after it was', async () => {
    const user = renderAt(4, (state) => {
      const edited = onCarriageway(state);
      return { ...edited, drafts: { ...edited.drafts, withTrafficOrder: true } };
    });
    expect(screen.getByRole('checkbox', { name: TRAFFIC_BOX })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Plus de tranchée sous chaussée' }));
    expect(screen.queryByRole('checkbox', { name: TRAFFIC_BOX })).toBeNull();
    expect(screen.getByText(/L'arrêté de police de la circulation ne sera pas demandé\./)).toBeTruthy();
  });
});
