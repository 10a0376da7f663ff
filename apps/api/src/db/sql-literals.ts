import { sql, type RawBuilder } from 'kysely';

/**
 * A list of values written into the SQL text, not bound: the states and kinds the domain names
 * (docs/CODE_STYLE.md) give the text the partial indexes' predicates spell (`r.type IN (1, 3)`),
 * so that the planner may use them.
 */
export function sqlLiterals(values: readonly (number | string)[]): RawBuilder<unknown> {
  return sql.join(values.map((value) => sql.lit(value)));
}
