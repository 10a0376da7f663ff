import type { AccountTables } from './accounts.ts';
import type { ModelTables } from './model.ts';

/** Every table, in camelCase (the CamelCasePlugin maps them to snake_case SQL). */
export interface Database extends AccountTables, ModelTables {}
