import { isIndividualNature, natureOptions, TITLES } from '@voirie/domain';
import type { Dispatch } from 'react';
import { changeDraft } from '../model/draft-reducer';
import type { PartyDraft, PartyField } from '../model/step-drafts';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { AddressInputs } from './address-inputs';
import { SelectDraft, TextDraft } from './draft-inputs';
import { FormSection } from './form-section';
import { asOptions } from '../../../shared/choice-inputs';

export const PARTY_LABELS = {
  petitionerLegend: 'Demandeur',
  beneficiaryLegend: 'Bénéficiaire',
  identityLegend: (legend: string) => `${legend} : identité`,
  addressLegend: (legend: string) => `${legend} : adresse`,
  contactLegend: (legend: string) => `${legend} : coordonnées`,
  nature: 'Statut',
  title: 'Civilité',
  lastName: 'Nom',
  firstName: 'Prénom',
  corporationName: 'Raison sociale',
  corporationSiret: 'N° SIRET',
  corporationAgentTitle: 'Civilité du représentant',
  corporationAgent: 'Nom du représentant',
  phoneIndicative: 'Indicatif',
  phone: 'Téléphone',
  phoneHint: '10 chiffres',
  email: 'Adresse e-mail',
} as const;

const TITLE_OPTIONS = asOptions(TITLES);

/**
 * The applicant's or the beneficiary's block (docs/validation.md "Step 3"): Particulier shows title, last
 * and first name; the other natures the corporation, its SIRET and its agent. E-mail required
 * for the applicant only.
 */
export function PartyFields({
  party: role,
  state,
  dispatch,
}: {
  /** Which party the block is for (not an ARIA role). */
  party: 'petitioner' | 'beneficiary';
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  const party = state.drafts[role];
  const legend = role === 'petitioner' ? PARTY_LABELS.petitionerLegend : PARTY_LABELS.beneficiaryLegend;
  const set = (field: PartyField, value: string) => dispatch(changeDraft(role, field, value));
  const errorOf = (field: keyof PartyDraft) => state.errors[`${role}.${field}`];
  const text = (
    field: Exclude<PartyField, 'nature' | 'title' | 'corporationAgentTitle'>,
    options: { required?: boolean; type?: 'email' | 'tel'; hint?: string; maxLength?: number } = {},
  ) => (
    <TextDraft
      id={`${role}-${field}`}
      label={PARTY_LABELS[field as keyof typeof PARTY_LABELS] as string}
      value={party[field]}
      onChange={(value) => set(field, value)}
      error={errorOf(field)}
      required={options.required}
      type={options.type}
      hint={options.hint}
      maxLength={options.maxLength}
    />
  );
  const title = (field: 'title' | 'corporationAgentTitle') => (
    <SelectDraft
      id={`${role}-${field}`}
      label={PARTY_LABELS[field]}
      value={party[field]}
      onChange={(value) => set(field, value)}
      options={TITLE_OPTIONS}
      error={errorOf(field)}
    />
  );
  const individual = isIndividualNature(party.nature);
  return (
    <>
      <FormSection legend={PARTY_LABELS.identityLegend(legend)}>
        <SelectDraft
          id={`${role}-nature`}
          label={PARTY_LABELS.nature}
          value={party.nature}
          onChange={(value) => set('nature', value)}
          options={asOptions(natureOptions(role, state.kind))}
          error={errorOf('nature')}
          required
        />
        {individual && (
          <>
            {title('title')}
            {text('lastName', { required: true, maxLength: 100 })}
            {text('firstName', { required: true, maxLength: 100 })}
          </>
        )}
        {!individual && party.nature && (
          <>
            {text('corporationName', { required: true, maxLength: 100 })}
            {text('corporationSiret')}
            {title('corporationAgentTitle')}
            {text('corporationAgent', { maxLength: 100 })}
          </>
        )}
      </FormSection>
      <FormSection legend={PARTY_LABELS.addressLegend(legend)}>
        <AddressInputs
          idPrefix={role}
          address={party}
          site={false}
          onChange={(field, value) => set(field, value)}
          errorOf={(field) => errorOf(field)}
        />
      </FormSection>
      <FormSection legend={PARTY_LABELS.contactLegend(legend)}>
        {text('phoneIndicative', { maxLength: 6 })}
        {text('phone', { type: 'tel', hint: PARTY_LABELS.phoneHint })}
        {text('email', { required: role === 'petitioner', type: 'email' })}
      </FormSection>
    </>
  );
}
