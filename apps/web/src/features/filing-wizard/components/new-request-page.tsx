import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { failureText } from '../../../api';
import { RouterLink } from '../../../ui';
import { draftQueryOptions, DRAFTS_TEXTS } from '../../drafts';
import { isChoixForm, type ChoixForm } from '../model/choix-form';
import { LEAVE_TEXTS } from '../model/leave-texts';
import { wizardStateFromDraft } from '../model/wizard-draft';
import { kindOfChoixForm, WIZARD_HEADINGS } from '../model/wizard-headings';
import { initialWizardState } from '../model/wizard-state';
import { FilingWizard } from './filing-wizard';

const newRequestRoute = getRouteApi('/app/ajoutdossier/$choixForm');

/**
 * The filing wizard of a new request (docs/screens.md "Filing wizard"), saved as a draft as it goes
 * (docs/api-drafts.md): `?brouillon={id}` resumes a draft; the first save of a new one puts its id there.
 */
export function NewRequestPage() {
  const { choixForm } = newRequestRoute.useParams();
  const { brouillon } = newRequestRoute.useSearch();
  const navigate = newRequestRoute.useNavigate();
  // The route lets only 1, 2 and 3 through.
  const form = isChoixForm(choixForm) ? choixForm : '1';
  // The draft this page created: its id in the address is the page's own, not one to load.
  const [created, setCreated] = useState<string | null>(null);
  const onCreated = useCallback(
    (id: string) => {
      setCreated(id);
      void navigate({ search: { brouillon: id }, replace: true });
    },
    [navigate],
  );
  const resumed = brouillon && brouillon !== created ? brouillon : null;
  if (resumed) return <ResumedDraft key={resumed} id={resumed} onCreated={onCreated} />;
  return (
    <FilingWizard
      key={form}
      heading={WIZARD_HEADINGS[form]}
      initialState={initialWizardState(kindOfChoixForm(form))}
      draft={{ id: created, onCreated }}
    />
  );
}

/** A draft from 'Brouillons', opened on the step it was left on, with its own kind. */
function ResumedDraft({ id, onCreated }: { id: string; onCreated: (id: string) => void }) {
  const { data: draft, error } = useQuery(draftQueryOptions(id));
  const initialState = useMemo(() => draft && wizardStateFromDraft(draft.kind, draft.state), [draft]);
  if (error)
    return (
      <Alert severity="error">
        {`${LEAVE_TEXTS.resumeFailed} ${failureText(error)} `}
        <RouterLink to="/brouillons">{DRAFTS_TEXTS.title}</RouterLink>
      </Alert>
    );
  if (!draft || !initialState) return null;
  return (
    <FilingWizard
      heading={WIZARD_HEADINGS[String(draft.kind) as ChoixForm]}
      initialState={initialState}
      draft={{ id, onCreated }}
    />
  );
}
