import { getRouteApi } from '@tanstack/react-router';
import { isChoixForm } from '../model/choix-form';
import { kindOfChoixForm, WIZARD_HEADINGS } from '../model/wizard-headings';
import { initialWizardState } from '../model/wizard-state';
import { FilingWizard } from './filing-wizard';

const newRequestRoute = getRouteApi('/app/ajoutdossier/$choixForm');

/** The filing wizard of a new request (spec 1 §2.7). */
export function NewRequestPage() {
  const { choixForm } = newRequestRoute.useParams();
  // The route lets only 1, 2 and 3 through.
  const form = isChoixForm(choixForm) ? choixForm : '1';
  return (
    <FilingWizard
      key={form}
      heading={WIZARD_HEADINGS[form]}
      initialState={initialWizardState(kindOfChoixForm(form))}
    />
  );
}
