import { describe, expect, it } from 'vitest';
import { nextTilesRevision, type TilesRevision } from './tiles-revision';

const start: TilesRevision = { key: 'page 1', updatedAt: 0, revision: 0 };

describe("the revision of the list map's tiles", () => {
  it('moves when the same query of the list is answered again, not on its first answer', () => {
    const first = nextTilesRevision(start, 'page 1', 1000);
    expect(first.revision).toBe(0);
    expect(nextTilesRevision(first, 'page 1', 1000)).toBe(first);
    const refetched = nextTilesRevision(first, 'page 1', 2000);
    expect(refetched.revision).toBe(1);
    expect(nextTilesRevision(refetched, 'page 1', 3000).revision).toBe(2);
  });

  it('stays on a new page, sort or filter: another query', () => {
    const first = nextTilesRevision(start, 'page 1', 1000);
    const page2 = nextTilesRevision(first, 'page 2', 2000);
    expect(page2.revision).toBe(0);
    // Back to a page read before, answered again: a refetch of that query.
    expect(nextTilesRevision(nextTilesRevision(page2, 'page 1', 1000), 'page 1', 4000).revision).toBe(1);
  });
});
