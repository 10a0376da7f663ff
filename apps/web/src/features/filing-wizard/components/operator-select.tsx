import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type Dispatch } from 'react';
import { searchPerimeters } from '../../../api/perimeter';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';

export const OPERATOR_TEXTS = {
  label: 'Opérateur',
  hint: "Opérateur pour lequel la demande est déposée (opérateurs dont le périmètre couvre l'adresse).",
  noOption: 'Aucun opérateur',
  loading: 'Recherche…',
} as const;

type Operator = { id: number; libelle: string };

/**
 * The operator selection of non-ordinary users (docs/screens.md "Filing wizard", docs/workflow.md
 * "Who may do what"): GET perimeter, limit 10, type operator, by name and at the request's point;
 * the choice sets operatorPerimeterId.
 */
export function OperatorSelect({
  state,
  dispatch,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200);
  const { lon, lat } = state.location;
  const lonLat = lon !== null && lat !== null ? ([lon, lat] as const) : null;
  const { data = [], isFetching } = useQuery({
    queryKey: ['perimeter', 'operator', q, lonLat?.[0] ?? null, lonLat?.[1] ?? null],
    // The operators the account may file for, by name, at the request's point when known.
    queryFn: () =>
      searchPerimeters({ type: 'operator', q, limit: 10, fileable: true, at: lonLat }, { silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options: Operator[] = data.map(({ id, libelle }) => ({ id, libelle }));
  return (
    <Autocomplete<Operator>
      id="location-operator"
      options={options}
      value={state.drafts.operator}
      loading={isFetching}
      filterOptions={(found) => found}
      getOptionLabel={(option) => option.libelle}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      noOptionsText={OPERATOR_TEXTS.noOption}
      loadingText={OPERATOR_TEXTS.loading}
      onInputChange={(_event, value) => setText(value)}
      onChange={(_event, operator) => dispatch({ type: 'operatorChosen', operator })}
      renderInput={(params) => (
        <TextField {...params} label={OPERATOR_TEXTS.label} helperText={OPERATOR_TEXTS.hint} />
      )}
    />
  );
}
