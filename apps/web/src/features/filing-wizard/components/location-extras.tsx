import AddIcon from '@mui/icons-material/Add';
import { isAlignmentKind } from '@voirie/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Dispatch } from 'react';
import type { WizardAction } from '../model/wizard-reducer';
import { selectFieldError } from '../model/wizard-selectors';
import type { WizardState } from '../model/wizard-state';
import { AddressInputs } from './address-inputs';
import { TextDraft } from './draft-inputs';
import { FormSection } from './form-section';

export const LOCATION_EXTRA_TEXTS = {
  addAddress: 'Ajouter une adresse',
  /** The main address is the first: secondary ones are numbered from 2. */
  addressLegend: (number: number) => `Adresse ${number}`,
  removeAddress: (number: number) => `Supprimer l'adresse ${number}`,
  projectLegend: 'Projet',
  project: 'Projet',
} as const;

interface Props {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/**
 * Secondary addresses of the works (docs/screens.md "Filing wizard"): none for an alignment request
 * (kind 2).
 */
export function SecondaryAddresses({ state, dispatch }: Props) {
  if (isAlignmentKind(state.kind)) return null;
  return (
    <>
      {state.drafts.adresses.map((address, index) => {
        const number = index + 2;
        return (
          <FormSection
            // Index keys: the fields are controlled, and a removal clears the errors.
            key={index}
            legend={LOCATION_EXTRA_TEXTS.addressLegend(number)}
            action={
              <Tooltip title={LOCATION_EXTRA_TEXTS.removeAddress(number)}>
                <IconButton
                  aria-label={LOCATION_EXTRA_TEXTS.removeAddress(number)}
                  onClick={() => dispatch({ type: 'addressRemoved', index })}
                >
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            }
          >
            <AddressInputs
              idPrefix={`location-adresses-${index}`}
              address={address}
              site
              onChange={(field, value) => dispatch({ type: 'secondaryAddressChanged', index, field, value })}
              errorOf={(field) => selectFieldError(state, `adresses.${index}.${field}`)}
            />
          </FormSection>
        );
      })}
      <div>
        <Button
          type="button"
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => dispatch({ type: 'addressAdded' })}
        >
          {LOCATION_EXTRA_TEXTS.addAddress}
        </Button>
      </div>
    </>
  );
}

/** The project block: what the works are for, in the applicant's words. */
export function ProjectBlock({ state, dispatch }: Props) {
  return (
    <FormSection legend={LOCATION_EXTRA_TEXTS.projectLegend} grid={false}>
      <TextDraft
        id="location-project"
        label={LOCATION_EXTRA_TEXTS.project}
        value={state.drafts.project}
        multiline
        maxLength={2000}
        onChange={(value) => dispatch({ type: 'projectChanged', value })}
        error={selectFieldError(state, 'project')}
      />
    </FormSection>
  );
}
