import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TYPE_DE_VOIE_LABELS } from '@voirie/domain';
import type { Dispatch } from 'react';
import type { WizardAction } from '../model/wizard-reducer';
import { selectFieldError } from '../model/wizard-selectors';
import type { EditableField, WizardState } from '../model/wizard-state';

export const LOCATION_LABELS = {
  servicesLegend: 'Voie et parcelles concernées',
  plotNumbers: 'Parcelle(s)',
  plotsNearby: 'Aucune parcelle sous le dessin : parcelles riveraines à moins de 10 m.',
  sections: 'Section(s)',
  wayType: 'Type de voie',
  operationCode: "Code d'opération",
  inUrban: 'En agglomération',
  addressLegend: 'Adresse principale des travaux',
  addressNum: 'N°',
  addressExt: 'Extension',
  addressType: 'Type de voie',
  addressName: 'Nom de voie',
  place: 'Lieu-dit / BP',
  addressPostalCode: 'Code postal',
  addressCity: 'Localité',
} as const;

const fieldsetSx = { border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 } as const;
const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;

interface FieldsProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

function Legend({ children }: { children: string }) {
  return (
    <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, px: 0.5 }}>
      {children}
    </Typography>
  );
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
    <Box component="fieldset" sx={fieldsetSx}>
      <Legend>{LOCATION_LABELS.servicesLegend}</Legend>
      <Box sx={gridSx}>
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
      </Box>
    </Box>
  );
}

/** The main address of the works (spec 1 §2.7), pre-filled from the chosen address. */
export function AddressFields({ state, dispatch }: FieldsProps) {
  const typeError = selectFieldError(state, 'addressType');
  const knownType = (TYPE_DE_VOIE_LABELS as readonly string[]).includes(state.location.addressType);
  return (
    <Box component="fieldset" sx={fieldsetSx}>
      <Legend>{LOCATION_LABELS.addressLegend}</Legend>
      <Box sx={gridSx}>
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
        <DraftField
          state={state}
          dispatch={dispatch}
          field="addressPostalCode"
          required
          inputMode="numeric"
        />
        <DraftField state={state} dispatch={dispatch} field="addressCity" required />
      </Box>
    </Box>
  );
}
