import { z } from 'zod';
import { RequestKindSchema } from '../kinds.ts';
import { DEADLINE_FILTERS } from '../legal-clock.ts';
import { DEFAULT_PAGE_SIZE, DEFAULT_REQUEST_SORT, PAGE_SIZES } from '../lists.ts';
import { isoDate } from './common.ts';

/** Session-storage key of the list's search state (docs/screens.md "Request list"). */
export const SEARCH_STATE_STORAGE_KEY = 'listingSearchParams';

/** Columns the request list may sort on. */
export const REQUEST_SORT_FIELDS = [
  'id',
  'type',
  'stateId',
  'instructeur',
  'address',
  'demandeur',
  'numaffaire',
  'addressCity',
  'depositDate',
  'dateStart',
  /** The legal clock's deadline: requests whose clock does not run come last. */
  'deadline',
] as const;
export type RequestSortField = (typeof REQUEST_SORT_FIELDS)[number];

export const PageSizeSchema = z.literal(PAGE_SIZES);
export const SortDirSchema = z.enum(['asc', 'desc']);

const filterValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);

/**
 * The list's date ranges (`searchFilter` keys, 'YYYY-MM-DD', inclusive; a bad date is
 * 'Date invalide'): the works start date, and the deposit date counted in Paris days.
 */
export const ListDateRangesSchema = z.object({
  dateStartFrom: isoDate.optional(),
  dateStartTo: isoDate.optional(),
  depositDateFrom: isoDate.optional(),
  depositDateTo: isoDate.optional(),
});
export type ListDateRanges = z.infer<typeof ListDateRangesSchema>;

/** The keys of the list's date ranges in `searchFilter`. */
export const LIST_DATE_RANGE_KEYS = [
  'dateStartFrom',
  'dateStartTo',
  'depositDateFrom',
  'depositDateTo',
] as const;

/** The list's quick filter on the legal deadline: 'Échéance < 7 jours' or 'Dépassée'. */
export const DeadlineFilterSchema = z.enum(DEADLINE_FILTERS, { error: "Filtre d'échéance inconnu" });

/**
 * The list filter (`searchFilter`, sent as JSON): the status tab (1–6), the works start and
 * deposit date ranges, the deadline quick filter, and column filters by column name.
 */
export const SearchFilterSchema = z
  .object({
    tab: z.number().int().min(1).max(6).optional(),
    ...ListDateRangesSchema.shape,
    deadline: DeadlineFilterSchema.optional(),
  })
  .catchall(filterValue);
export type SearchFilter = z.infer<typeof SearchFilterSchema>;

/** The list's search state, kept in session storage (docs/data-model.md "Entities"). */
export const SearchStateSchema = z.object({
  type: RequestKindSchema,
  numItemsPerPage: PageSizeSchema.default(DEFAULT_PAGE_SIZE),
  searchText: z.string().max(200).default(''),
  searchSort: z.enum(REQUEST_SORT_FIELDS).default(DEFAULT_REQUEST_SORT.searchSort),
  searchDir: SortDirSchema.default(DEFAULT_REQUEST_SORT.searchDir),
  searchFilter: SearchFilterSchema.default({}),
});
export type SearchState = z.infer<typeof SearchStateSchema>;

/** A query's `searchFilter`: JSON text read into the list's filter; an unreadable text is an issue. */
export function filterFromJson<F extends z.ZodType>(filter: F) {
  return z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Filtre de recherche illisible' });
        return z.NEVER;
      }
    })
    .pipe(filter);
}

/**
 * What the queries of the request and users lists share after `page` (numbers come as text): the
 * page size, the text searched, the filter as JSON, the sort column among the list's, its direction.
 */
export function listQueryShape<S extends readonly [string, ...string[]], F extends z.ZodType>(list: {
  sortFields: S;
  defaultSort: { searchSort: S[number]; searchDir: z.infer<typeof SortDirSchema> };
  filter: F;
}) {
  return {
    numItemsPerPage: z.coerce.number().pipe(PageSizeSchema).default(DEFAULT_PAGE_SIZE),
    searchText: z.string().max(200).optional(),
    searchFilter: filterFromJson(list.filter).optional(),
    searchSort: z.enum(list.sortFields).default(list.defaultSort.searchSort),
    searchDir: SortDirSchema.default(list.defaultSort.searchDir),
  };
}

/** Query of `GET request` and `GET export` (docs/api-requests.md): numbers come as text. */
export const RequestListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  type: z.coerce.number().pipe(RequestKindSchema).optional(),
  ...listQueryShape({
    sortFields: REQUEST_SORT_FIELDS,
    defaultSort: DEFAULT_REQUEST_SORT,
    filter: SearchFilterSchema,
  }),
});
export type RequestListQuery = z.infer<typeof RequestListQuerySchema>;
