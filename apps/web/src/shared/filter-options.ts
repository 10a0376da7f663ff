import { REQUEST_KIND_FILTERS, TOWNS } from '@voirie/domain';
import type { NativeSelectOption } from '../ui/native-select';

/** The towns as the choices of a filter list, by INSEE code. */
export const TOWN_OPTIONS: readonly NativeSelectOption[] = TOWNS.map((town) => ({
  value: town.inseeCode,
  label: town.name,
}));

/** Request kinds (all of them unless given) as the choices of a filter list, the kind's number as text. */
export function kindOptions(kinds: readonly (typeof REQUEST_KIND_FILTERS)[number][] = REQUEST_KIND_FILTERS) {
  return kinds.map((kind) => ({ value: String(kind.value), label: kind.label }));
}
