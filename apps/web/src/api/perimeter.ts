import type { Perimeter } from '@voirie/domain';
import { http } from './http';

/** A perimeter as `GET perimeter` lists it (without its members). */
export type PerimeterItem = Omit<Perimeter, 'perimeters'>;

export interface PerimeterSearch {
  /** A territory type (town, epci, department), operator, soustraitant… */
  type: string;
  /** Part of the name. */
  q: string;
  limit: number;
  /** Only the operators the account may file for (its own, or those whose mandate is in force). */
  fileable?: boolean;
  /** Only the perimeters covering this point (lon, lat). */
  at?: readonly [number, number] | null;
}

/**
 * GET perimeter?type&q&limit[&fileable][&lon&lat]: perimeters by name, the one client of the
 * autocompletes (accounts, groups, the wizard's operator) and of the groups' list.
 */
export async function searchPerimeters(
  search: PerimeterSearch,
  options: { silent?: boolean; signal?: AbortSignal | undefined } = {},
): Promise<PerimeterItem[]> {
  const query = new URLSearchParams({ type: search.type, q: search.q, limit: String(search.limit) });
  if (search.fileable) query.set('fileable', 'true');
  if (search.at) {
    query.set('lon', String(search.at[0]));
    query.set('lat', String(search.at[1]));
  }
  const answer = await http.get<PerimeterItem[]>(`perimeter?${query.toString()}`, {
    overlay: false,
    silent: options.silent ?? false,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}
