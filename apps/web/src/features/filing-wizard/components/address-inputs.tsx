import { TYPE_DE_VOIE_LABELS } from '@voirie/domain';
import type { AddressDraft } from '../model/address-fields';
import { SelectDraft, TextDraft } from './draft-inputs';
import { ADDRESS_LABELS } from '../../../shared/address-labels';
import { asOptions } from '../../../shared/choice-inputs';

const TYPE_OPTIONS = asOptions(TYPE_DE_VOIE_LABELS);

/**
 * The address fields of a secondary site address (required as the main one, docs/validation.md
 * "Filing wizard") or of a party (optional, the street type typed freely).
 */
export function AddressInputs({
  idPrefix,
  address,
  onChange,
  errorOf,
  site,
}: {
  idPrefix: string;
  address: AddressDraft;
  onChange: (field: keyof AddressDraft, value: string) => void;
  errorOf: (field: keyof AddressDraft) => string | undefined;
  /** A works site: type from the list; type, name, postal code and town required. */
  site: boolean;
}) {
  const text = (field: keyof AddressDraft, options: { required?: boolean; numeric?: boolean } = {}) => (
    <TextDraft
      id={`${idPrefix}-${field}`}
      label={ADDRESS_LABELS[field]}
      value={address[field]}
      onChange={(value) => onChange(field, value)}
      error={errorOf(field)}
      required={options.required}
      inputMode={options.numeric ? 'numeric' : undefined}
    />
  );
  return (
    <>
      {text('addressNum', { numeric: true })}
      {text('addressExt')}
      {site ? (
        <SelectDraft
          id={`${idPrefix}-addressType`}
          label={ADDRESS_LABELS.addressType}
          value={address.addressType}
          onChange={(value) => onChange('addressType', value)}
          options={TYPE_OPTIONS}
          error={errorOf('addressType')}
          required
        />
      ) : (
        text('addressType')
      )}
      {text('addressName', { required: site })}
      {text('place')}
      {text('addressPostalCode', { required: site, numeric: true })}
      {text('addressCity', { required: site })}
    </>
  );
}
