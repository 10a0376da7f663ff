import type { AccountTables } from './accounts.ts';
import type { ActNotificationTables } from './act-notification.ts';
import type { ActPublicationTables } from './act-publication.ts';
import type { CoordinationTables } from './coordination.ts';
import type { DraftTables } from './drafts.ts';
import type { FileSafetyTables } from './file-safety.ts';
import type { InvitationTables } from './invitations.ts';
import type { LegalClockTables } from './legal-clock.ts';
import type { LibraryTables } from './library.ts';
import type { ModelTables } from './model.ts';
import type { PerimeterRequestTables } from './perimeter-requests.ts';
import type { RateLimitTables } from './rate-limits.ts';

/** Every table, in camelCase (the CamelCasePlugin maps them to snake_case SQL). */
export interface Database
  extends
    AccountTables,
    ModelTables,
    InvitationTables,
    RateLimitTables,
    FileSafetyTables,
    LibraryTables,
    DraftTables,
    LegalClockTables,
    CoordinationTables,
    PerimeterRequestTables,
    ActNotificationTables,
    ActPublicationTables {}
export type { InlineAttachment } from './accounts.ts';
