import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UI_LIMITS } from '@voirie/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api';
import { showToast } from '../../../ui';
import { searchAddresses, type AddressFeature } from '../api/map-api';

export const ADDRESS_SEARCH_TEXTS = {
  label: 'Rechercher une adresse',
  placeholder: 'Rechercher une adresse...',
  noOptions: 'Pas de résultat',
  loading: 'Recherche en cours…',
  /** docs/screens.md "Notices and errors", autocomplete non-OK (when the API gives no message of its own). */
  failure: 'Network response was not ok.',
} as const;

/** The search answers from 3 letters or digits (docs/gis-api.md). */
const MIN_QUERY_LENGTH = 3;
const RESULT_LIMIT = 10;

export interface AddressSearchProps {
  id: string;
  /** The user chose an address in the list. */
  onSelect: (address: AddressFeature) => void;
}

/** Waits `delayMs` after the last change before giving the value. */
function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The address search box (docs/screens.md "Filing wizard"): a combobox whose suggestions come from
 * GET address/search 200 ms after the last key; arrows and Enter choose.
 */
export function AddressSearch({ id, onSelect }: AddressSearchProps) {
  const [input, setInput] = useState('');
  const [value, setValue] = useState<AddressFeature | null>(null);
  const query = useDebounced(input.trim(), UI_LIMITS.autocompleteDebounceMs);
  const isSearchable = query.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_QUERY_LENGTH;
  const isCurrentChoice = value !== null && value.properties.label === input;
  const search = useQuery({
    queryKey: ['address-search', query],
    queryFn: async ({ signal }) => {
      try {
        return await searchAddresses(query, RESULT_LIMIT, signal);
      } catch (error) {
        if (error instanceof ApiError && error.code !== 'UNAUTHENTICATED')
          showToast(error.body?.message || ADDRESS_SEARCH_TEXTS.failure, 'error');
        throw error;
      }
    },
    enabled: isSearchable && !isCurrentChoice,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options = isSearchable ? (search.data ?? []) : [];

  return (
    <Autocomplete
      id={id}
      options={options}
      value={value}
      inputValue={input}
      // The API has already filtered and ranked.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.properties.label}
      getOptionKey={(option) => `${option.properties.id ?? option.properties.label}`}
      isOptionEqualToValue={(option, chosen) => option.properties.label === chosen.properties.label}
      noOptionsText={ADDRESS_SEARCH_TEXTS.noOptions}
      loading={search.isFetching && options.length === 0}
      loadingText={ADDRESS_SEARCH_TEXTS.loading}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, chosen) => {
        setValue(chosen);
        if (chosen) onSelect(chosen);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={ADDRESS_SEARCH_TEXTS.label}
          placeholder={ADDRESS_SEARCH_TEXTS.placeholder}
        />
      )}
    />
  );
}
