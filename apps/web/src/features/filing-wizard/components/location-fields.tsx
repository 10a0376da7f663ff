import TextField from '@mui/material/TextField';
import { TYPE_DE_VOIE_LABELS } from '@voirie/domain';
import type { Dispatch } from 'react';
import type { WizardAction } from '../model/wizard-reducer';
import { selectFieldError } from '../model/wizard-selectors';
import type { EditableField, WizardState } from '../model/wizard-state';
import { ADDRESS_LABELS } from '../../../shared/address-labels';
import { FormSection } from './form-section';

export const LOCATION_LABELS = {
  servicesLegend: 'Voie et parcelles concernées',
  plotNumbers: 'Parcelle(s)',
  plotsNearby: 'Aucune parcelle sous le dessin : parcelles riveraines à moins de 10 m.',
  sections: 'Section(s)',
  wayType: 'Type de voie',
  operationCode: "Code d'opération",
  inUrban: 'En agglomération',
  addressLegend: 'Adresse principale des travaux',
  ...ADDRESS_LABELS,
} as const;

interface FieldsProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/** A text field of the draft, its error under it. */
function DraftField({
  state,
  dispatch,
  field,
  required = false,
  inputMode,
  hint,
}: FieldsProps & { field: EditableField; required?: boolean; inputMode?: 'numeric'; hint?: string }) {
  const error = selectFieldError(state, field);
  return (
    <TextField
      id={`location-${field}`}
      label={LOCATION_LABELS[field]}
      value={state.location[field]}
      required={required}
      error={Boolean(error)}
      helperText={error ?? hint}
      onChange={(event) => dispatch({ type: 'fieldChanged', field, value: event.target.value })}
      slotProps={{ htmlInput: inputMode ? { inputMode } : undefined }}
    />
  );
}

/** A value the services give; read only. */
function ServiceField({
  id,
  label,
  value,
  error,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
}) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
      placeholder="—"
    />
  );
}

/** What the services found under the footprint: parcels and sections (editable), way type, zone. */
export function ServiceFields({ state, dispatch }: FieldsProps) {
  const { location } = state;
  return (
    <FormSection legend={LOCATION_LABELS.servicesLegend}>
      <DraftField
        state={state}
        dispatch={dispatch}
        field="plotNumbers"
        required
        hint={state.plotsNearby ? LOCATION_LABELS.plotsNearby : undefined}
      />
      <DraftField state={state} dispatch={dispatch} field="sections" />
      <ServiceField
        id="location-wayType"
        label={LOCATION_LABELS.wayType}
        value={location.wayType ?? ''}
        error={selectFieldError(state, 'wayType')}
      />
      <ServiceField
        id="location-operationCode"
        label={LOCATION_LABELS.operationCode}
        value={location.operationCode ?? ''}
      />
      <ServiceField
        id="location-inUrban"
        label={LOCATION_LABELS.inUrban}
        value={location.inUrban === null ? '' : location.inUrban ? 'Oui' : 'Non'}
      />
    </FormSection>
  );
}

/** The main address of the works (docs/screens.md "Filing wizard"), pre-filled from the chosen address. */
export function AddressFields({ state, dispatch }: FieldsProps) {
  const typeError = selectFieldError(state, 'addressType');
  const knownType = (TYPE_DE_VOIE_LABELS as readonly string[]).includes(state.location.addressType);
  return (
    <FormSection legend={LOCATION_LABELS.addressLegend}>
      <DraftField state={state} dispatch={dispatch} field="addressNum" inputMode="numeric" />
      <DraftField state={state} dispatch={dispatch} field="addressExt" />
      <TextField
        id="location-addressType"
        select
        label={LOCATION_LABELS.addressType}
        value={state.location.addressType}
        required
        error={Boolean(typeError)}
        helperText={typeError}
        onChange={(event) =>
          dispatch({ type: 'fieldChanged', field: 'addressType', value: event.target.value })
        }
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choisir…</option>
        {!knownType && state.location.addressType && (
          <option value={state.location.addressType}>{state.location.addressType}</option>
        )}
        {TYPE_DE_VOIE_LABELS.map((label) => (
          <option key={label} value={label}>
            {label}
          </option>
        ))}
      </TextField>
      <DraftField state={state} dispatch={dispatch} field="addressName" required />
      <DraftField state={state} dispatch={dispatch} field="place" />
      <DraftField state={state} dispatch={dispatch} field="addressPostalCode" required inputMode="numeric" />
      <DraftField state={state} dispatch={dispatch} field="addressCity" required />
    </FormSection>
  );
}
