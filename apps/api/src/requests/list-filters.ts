import { z } from 'zod';
import {
  DeadlineFilterSchema,
  LIST_TABS,
  ListDateRangesSchema,
  RequestKindSchema,
  RequestListQuerySchema,
  STATE_IDS,
  DatabaseIdSchema,
  ID_MAX,
  isoDate,
} from '@voirie/domain';
import { fieldError } from '../errors/field-errors.ts';
import { inputFault } from '../errors/acceptable-input.ts';

const ids = <T extends z.ZodType<number>>(item: T) => z.union([item, z.array(item).max(50)]);

/**
 * The column filters of the list (`searchFilter`, JSON): validated strictly, an unknown key is a
 * 400. See docs/api-requests.md.
 */
export const RequestColumnFilterSchema = z
  .object({
    tab: z.number().int().min(1).max(LIST_TABS.length).optional(),
    // Works start and deposit date ranges (the domain's schema, 'Date invalide').
    ...ListDateRangesSchema.shape,
    id: DatabaseIdSchema.optional(),
    stateId: ids(z.literal(STATE_IDS as readonly number[] as [number, ...number[]])).optional(),
    type: ids(RequestKindSchema).optional(),
    // 0: requests without an instructor.
    instructeurId: z.number().int().min(0).max(ID_MAX).nullable().optional(),
    addressCity: z.string().max(200).optional(),
    numaffaire: z.string().max(200).optional(),
    address: z.string().max(200).optional(),
    demandeur: z.string().max(200).optional(),
    // The legal deadline's quick filter: 'near' (< 7 days) or 'overdue'.
    deadline: DeadlineFilterSchema.optional(),
  })
  .strict();
export type RequestColumnFilter = z.infer<typeof RequestColumnFilterSchema>;

/** Parses the JSON text of `searchFilter`, then checks its columns. */
const searchFilterJson = z
  .string()
  .transform((value, ctx) => {
    if (value.trim() === '') return {};
    let filter: unknown;
    try {
      filter = JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Filtre de recherche illisible' });
      return z.NEVER;
    }
    // A NUL in a text is refused as in a JSON body (the column filters are searched in SQL).
    const fault = inputFault(filter);
    if (fault) {
      ctx.addIssue({ code: 'custom', message: fieldError(fault.path, fault.message).message });
      return z.NEVER;
    }
    return filter;
  })
  .pipe(RequestColumnFilterSchema);

const tabParam = z.coerce.number().int().min(1).max(LIST_TABS.length);

/** The query of `GET request`, `request/count`, `export` and `export/admin`. */
export const RequestListParamsSchema = RequestListQuerySchema.extend({
  searchFilter: searchFilterJson.optional(),
  tab: tabParam.optional(),
  dateStartFrom: isoDate.optional(),
  dateStartTo: isoDate.optional(),
});
export type RequestListParams = z.infer<typeof RequestListParamsSchema>;

/** Every filter of a list call, merged (top-level parameters win over searchFilter's). */
export interface ListFilters {
  type?: number;
  searchText?: string;
  tab?: number;
  dateStartFrom?: string;
  dateStartTo?: string;
  /** Deposit date range, Paris days, inclusive. */
  depositDateFrom?: string;
  depositDateTo?: string;
  /** The Paris day the deadline filter counts from (today when absent: tests and the bench pin it). */
  today?: string;
  columns: Omit<
    RequestColumnFilter,
    'tab' | 'dateStartFrom' | 'dateStartTo' | 'depositDateFrom' | 'depositDateTo'
  >;
}

export function filtersOf(
  params: Omit<RequestListParams, 'page' | 'numItemsPerPage' | 'searchSort' | 'searchDir'>,
): ListFilters {
  const { tab, dateStartFrom, dateStartTo, depositDateFrom, depositDateTo, ...columns } =
    params.searchFilter ?? {};
  const searchText = params.searchText?.trim();
  return {
    type: params.type,
    searchText: searchText ? searchText : undefined,
    tab: params.tab ?? tab,
    dateStartFrom: params.dateStartFrom ?? dateStartFrom,
    dateStartTo: params.dateStartTo ?? dateStartTo,
    depositDateFrom,
    depositDateTo,
    columns,
  };
}
