import type { ColumnType } from 'kysely';

// Column types shared by the model tables (migrations 0002+).

/** A timestamptz with a default: read as Date, optional on insert. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A nullable timestamptz. */
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

/**
 * A nullable `date`, as 'YYYY-MM-DD' (database.ts keeps pg's dates as strings; the PGlite
 * driver still returns a Date at UTC midnight until pglite.ts sets the same parser).
 */
export type NullableDate = ColumnType<string | null, string | Date | null | undefined, string | Date | null>;

/**
 * A geometry column (EPSG:4326). Read as hex EWKB: select it through ST_AsGeoJSON(...) in SQL.
 * Write an SQL expression (ST_SetSRID(ST_GeomFromGeoJSON(...), 4326)) or an EWKT string.
 */
export type Geometry = ColumnType<string, string, string>;

/** A nullable geometry column. */
export type NullableGeometry = ColumnType<string | null, string | null | undefined, string | null>;

/**
 * A column holding a value of a domain schema's field (an enum of the spec's lists): stored as
 * the domain writes it, so that what is read back matches the API's response schemas.
 */
export type Stored<T> = NonNullable<T> | null;

/**
 * A JSON column's object as read: a history entry's data, a saved wizard draft. The code that
 * reads it checks each field it uses (a draft of an older wizard version may lack or mistype any).
 */
// eslint-disable-next-line no-restricted-syntax -- a JSON column's object, checked field by field where read
export type JsonObject = Record<string, unknown>;
