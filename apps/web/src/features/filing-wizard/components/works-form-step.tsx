import {
  isAccessKind,
  isNetworksKind,
  REQUEST_KIND,
  CERFA_14023_TRENCH_FIELDS,
  NETWORKS,
  NUMERIC_BOUNDS,
  PARKING_NATURES,
  SURFACE_EQUIPMENT,
  splitList,
  WORK_TYPES,
  WORKS_THEMES,
  worksThemesFor,
} from '@voirie/domain';
import type { Dispatch } from 'react';
import { changeDraft } from '../model/draft-reducer';
import type { CerfaBooleanField, CerfaNumberField, CerfaTextField } from '../model/step-drafts';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { COMBINED_LABELS } from './combined-labels';
import {
  BooleanDraft,
  CheckboxDraft,
  CheckboxListDraft,
  NumberDraft,
  SelectDraft,
  TextDraft,
} from './draft-inputs';
import { draftBinding } from './draft-binding';
import { FormSection } from './form-section';
import { WORKS_LABELS } from './works-form-labels';
import { asOptions } from '../../../shared/choice-inputs';

interface Props {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/**
 * Step 2 of a road permission (docs/validation.md "Step 2"): kind 1 the works-nature form, kind 3 the
 * access-development form. At least one theme; widths 0–1000 m, trenches 0–10000 m, step 0.01;
 * the pipe diameter required when the ditch is crossed (kind 3: millimetres, whole number).
 * Last, 'Demander aussi l'alignement': its questions come at step 4, as kind 2's.
 */
export function WorksFormStep({ state, dispatch }: Props) {
  const kind = isAccessKind(state.kind) ? REQUEST_KIND.ACCESS : REQUEST_KIND.NETWORKS;
  const cerfa = state.drafts.cerfa;
  const themes = splitList(cerfa.themes);
  const themeOptions = WORKS_THEMES.filter((theme) => worksThemesFor(kind).includes(theme.value));

  const field = draftBinding(state, dispatch, 'cerfa');
  const text = (name: CerfaTextField, options: { multiline?: boolean } = {}) => (
    <TextDraft {...field(name)} label={WORKS_LABELS[name]} multiline={options.multiline} stacked />
  );
  const number = (name: CerfaNumberField, options: { required?: boolean } = {}) => {
    const trench = (CERFA_14023_TRENCH_FIELDS as readonly string[]).includes(name);
    const millimetres = name === 'pipeDiameter' && isAccessKind(kind);
    return (
      <NumberDraft
        {...field(name)}
        label={millimetres ? WORKS_LABELS.pipeDiameterMm : WORKS_LABELS[name]}
        bounds={
          millimetres
            ? NUMERIC_BOUNDS.pipeDiameterMm
            : trench
              ? NUMERIC_BOUNDS.trenchLength
              : NUMERIC_BOUNDS.width
        }
        hint={millimetres ? WORKS_LABELS.integerHint : undefined}
        required={options.required}
      />
    );
  };
  const yesNo = (name: CerfaBooleanField) => <BooleanDraft {...field(name)} label={WORKS_LABELS[name]} />;
  const list = (
    name: CerfaTextField,
    options: readonly { value: string; label: string }[],
    required = false,
  ) => (
    <CheckboxListDraft {...field(name)} label={WORKS_LABELS[name]} options={options} required={required} />
  );

  return (
    <>
      <FormSection legend={WORKS_LABELS.themesLegend}>{list('themes', themeOptions, true)}</FormSection>
      {themes.includes('depot_stationnement') && (
        <FormSection legend={WORKS_LABELS.parkingLegend}>
          <SelectDraft
            id="cerfa-parkingExtension"
            label={WORKS_LABELS.parkingExtension}
            value={cerfa.parkingExtension === null ? '' : cerfa.parkingExtension ? 'true' : 'false'}
            onChange={(value) =>
              dispatch(changeDraft('cerfa', 'parkingExtension', value === '' ? null : value === 'true'))
            }
            options={[
              { value: 'false', label: WORKS_LABELS.parkingInitial },
              { value: 'true', label: WORKS_LABELS.parkingProlongation },
            ]}
            stacked
          />
          {text('parkingPermit')}
          {list('parkingNature', asOptions(PARKING_NATURES))}
          {splitList(cerfa.parkingNature).includes('Autres') && text('parkingNatureOther')}
        </FormSection>
      )}
      <FormSection legend={WORKS_LABELS.dimensionsLegend}>
        {number('trackWidth')}
        {number('sidewalkWidth')}
        {number('protrusionWidth')}
        {number('heightUnderProtrusion')}
        {isAccessKind(kind) && number('layoutWidth')}
      </FormSection>
      <FormSection legend={WORKS_LABELS.ditchLegend}>
        {yesNo('ditchCrossing')}
        {cerfa.ditchCrossing === true && (
          <>
            {number('pipeDiameter', { required: true })}
            {number('pipeLength')}
            {number('distanceFromRoad')}
            {text('typePipe')}
          </>
        )}
      </FormSection>
      {isNetworksKind(kind) ? <NetworksSections {...{ state, dispatch, text, number, yesNo, list }} /> : null}
      {isAccessKind(kind) && (
        <FormSection legend={WORKS_LABELS.alignmentLegend}>
          {yesNo('installationFencesAlignment')}
          {number('installationFencesBackAlignment')}
          {yesNo('installationGateAlignment')}
          {number('installationGateBackAlignment')}
          {yesNo('installationPlantationAlignment')}
          {number('installationPlantationBackAlignment')}
        </FormSection>
      )}
      <FormSection legend={COMBINED_LABELS.alignmentLegend} grid={false}>
        <CheckboxDraft
          id="withAlignment"
          label={COMBINED_LABELS.withAlignment}
          value={state.drafts.withAlignment}
          onChange={(value) => dispatch({ type: 'alignmentToggled', value })}
          // On update the alignment stays as filed (docs/api-filing.md), like the beneficiary box.
          disabled={state.mode === 'update'}
          hint={
            state.mode === 'update' ? COMBINED_LABELS.withAlignmentLocked : COMBINED_LABELS.withAlignmentHint
          }
        />
      </FormSection>
    </>
  );
}

/** Kind 1: networks, trenches, surface equipment and nature of the works. */
function NetworksSections({
  state,
  dispatch,
  text,
  number,
  yesNo,
  list,
}: Props & {
  text: (field: CerfaTextField) => React.ReactNode;
  number: (field: CerfaNumberField) => React.ReactNode;
  yesNo: (field: CerfaBooleanField) => React.ReactNode;
  list: (field: CerfaTextField, options: readonly { value: string; label: string }[]) => React.ReactNode;
}) {
  const cerfa = state.drafts.cerfa;
  const natureWork = draftBinding(state, dispatch, 'cerfa')('natureWork');
  return (
    <>
      <FormSection legend={WORKS_LABELS.networksLegend}>
        {yesNo('newInstallation')}
        {list('networkConnection', NETWORKS)}
        {splitList(cerfa.networkConnection).includes('autre') && text('networkConnectionOther')}
      </FormSection>
      <FormSection legend={WORKS_LABELS.trenchesLegend}>
        {number('longitudinalTrenchUnderRoad')}
        {number('longitudinalTrenchUnderSidewalks')}
        {number('transverseTrenchUnderRoad')}
        {number('transverseTrenchUnderSidewalks')}
        {number('drivingUnderRoad')}
        {number('drivingUnderSidewalks')}
      </FormSection>
      <FormSection legend={WORKS_LABELS.surfaceLegend}>
        {list('surfacePlanningEquipment', SURFACE_EQUIPMENT)}
        {splitList(cerfa.surfacePlanningEquipment).includes('autre_amenagement') &&
          text('surfacePlanningEquipmentOther')}
        <SelectDraft {...natureWork} label={WORKS_LABELS.natureWork} options={WORK_TYPES} stacked />
        {cerfa.natureWork === 'autres' && text('natureWorkOther')}
      </FormSection>
    </>
  );
}
