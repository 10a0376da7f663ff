import { describe, expect, it } from 'vitest';
import { RequestListQuerySchema, SearchStateSchema } from './search-state.ts';

describe("the list's date ranges in searchFilter", () => {
  it('keeps the works start and deposit ranges as YYYY-MM-DD', () => {
    const state = SearchStateSchema.parse({
      type: 1,
      searchFilter: {
        depositDateFrom: '2026-03-10',
        depositDateTo: '2026-03-14',
        dateStartFrom: '2026-04-01',
      },
    });
    expect(state.searchFilter).toEqual({
      depositDateFrom: '2026-03-10',
      depositDateTo: '2026-03-14',
      dateStartFrom: '2026-04-01',
    });
  });

  it("refuses a bad deposit date with 'Date invalide'", () => {
    for (const bad of ['2026-02-30', '14/03/2026', 20260314]) {
      const result = SearchStateSchema.safeParse({ type: 1, searchFilter: { depositDateTo: bad } });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Date invalide');
    }
    const query = RequestListQuerySchema.safeParse({
      searchFilter: JSON.stringify({ depositDateFrom: 'hier' }),
    });
    expect(query.error?.issues[0]).toMatchObject({
      message: 'Date invalide',
      path: ['searchFilter', 'depositDateFrom'],
    });
  });
});

describe("the list's deadline quick filter and sort", () => {
  it("keeps 'near' and 'overdue', refuses anything else with a French message", () => {
    for (const deadline of ['near', 'overdue'] as const)
      expect(SearchStateSchema.parse({ type: 1, searchFilter: { deadline } }).searchFilter).toEqual({
        deadline,
      });
    const query = RequestListQuerySchema.safeParse({ searchFilter: JSON.stringify({ deadline: 'soon' }) });
    expect(query.error?.issues[0]).toMatchObject({
      message: "Filtre d'échéance inconnu",
      path: ['searchFilter', 'deadline'],
    });
  });

  it('sorts on the deadline', () => {
    expect(RequestListQuerySchema.parse({ searchSort: 'deadline', searchDir: 'asc' })).toMatchObject({
      searchSort: 'deadline',
      searchDir: 'asc',
    });
  });
});
