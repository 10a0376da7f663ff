import type { Dispatch } from 'react';
import { changeDraft, type DraftSection, type DraftSections } from '../model/draft-reducer';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';

/**
 * What a draft input of the wizard takes for one field of a section of the drafts: its id
 * (`{section}-{field}`), its value, the change it dispatches and its error.
 */
export function draftBinding<S extends DraftSection>(
  state: WizardState,
  dispatch: Dispatch<WizardAction>,
  section: S,
) {
  const draft: DraftSections[S] = state.drafts[section];
  return <F extends keyof DraftSections[S] & string>(field: F) => ({
    id: `${section}-${field}`,
    value: draft[field],
    onChange: (value: DraftSections[S][F]) => dispatch(changeDraft(section, field, value)),
    error: state.errors[`${section}.${field}`],
  });
}

/** The binding of a date the draft keeps as text ('' when none), as DateDraft takes it (null when none). */
export function textDate(binding: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return {
    ...binding,
    value: binding.value || null,
    onChange: (value: string | null) => binding.onChange(value ?? ''),
  };
}
