import type { DocumentTables } from './documents.ts';
import type { GeographyTables } from './geography.ts';
import type { ReferenceTables } from './reference.ts';
import type { RequestTables } from './requests.ts';

export type * from './columns.ts';
export type * from './documents.ts';
export type * from './geography.ts';
export type * from './reference.ts';
export type * from './requests.ts';

/**
 * Tables of the requests, parties, forms, documents and geography (migrations 0002–0005),
 * keyed in camelCase (the CamelCasePlugin maps them to snake_case SQL).
 */
export interface ModelTables extends ReferenceTables, GeographyTables, RequestTables, DocumentTables {}
