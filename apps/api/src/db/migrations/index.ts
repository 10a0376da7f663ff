import type { Migration } from 'kysely/migration';
import * as m0000 from './0000-extensions.ts';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-reference.ts';
import * as m0003 from './0003-geography.ts';
import * as m0004 from './0004-requests.ts';
import * as m0005 from './0005-documents-receptions.ts';
import * as m0006 from './0006-geo-import.ts';
import * as m0007 from './0007-map-layers.ts';
import * as m0008 from './0008-mail-attachments.ts';
import * as m0009 from './0009-request-invitations.ts';
import * as m0010 from './0010-mail-delivery.ts';
import * as m0011 from './0011-file-safety.ts';
import * as m0012 from './0012-rate-limits.ts';
import * as m0013 from './0013-valid-geometries.ts';
import * as m0014 from './0014-works-phase.ts';
import * as m0015 from './0015-user-admin.ts';
import * as m0016 from './0016-groups-mandates.ts';
import * as m0017 from './0017-library.ts';
import * as m0018 from './0018-request-drafts.ts';
import * as m0019 from './0019-legal-clock.ts';
import * as m0020 from './0020-coordination.ts';
import * as m0021 from './0021-acts.ts';
import * as m0022 from './0022-list-performance.ts';
import * as m0023 from './0023-state-indexes.ts';
import * as m0024 from './0024-uploads-by-account.ts';
import * as m0025 from './0025-perimeter-requests.ts';
import * as m0026 from './0026-published-traffic-texts.ts';
import * as m0027 from './0027-mail-times-in-milliseconds.ts';
import * as m0028 from './0028-withdrawn-state.ts';
import * as m0029 from './0029-mail-created-at-microseconds.ts';
import * as m0030 from './0030-user-place.ts';
import * as m0032 from './0032-consultations.ts';
import * as m0033 from './0033-request-state-counts.ts';
import * as m0034 from './0034-request-revision.ts';
import * as m0035 from './0035-request-map-key.ts';
import * as m0036 from './0036-act-register.ts';
import * as m0037 from './0037-act-seal-signatory.ts';
import * as m0039 from './0039-act-notification.ts';
import * as m0040 from './0040-act-transmission.ts';
import * as m0041 from './0041-act-publication.ts';
import * as m0042 from './0042-formal-notice-act.ts';

/**
 * Every migration, in order. Listed statically (not read from disk) so the bundled
 * server carries them. Names never change once landed.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0000-extensions': m0000,
  '0001-accounts': m0001,
  '0002-reference': m0002,
  '0003-geography': m0003,
  '0004-requests': m0004,
  '0005-documents-receptions': m0005,
  '0006-geo-import': m0006,
  '0007-map-layers': m0007,
  '0008-mail-attachments': m0008,
  '0009-request-invitations': m0009,
  '0010-mail-delivery': m0010,
  '0011-file-safety': m0011,
  '0012-rate-limits': m0012,
  '0013-valid-geometries': m0013,
  '0014-works-phase': m0014,
  '0015-user-admin': m0015,
  '0016-groups-mandates': m0016,
  '0017-library': m0017,
  '0018-request-drafts': m0018,
  '0019-legal-clock': m0019,
  '0020-coordination': m0020,
  '0021-acts': m0021,
  '0022-list-performance': m0022,
  '0023-state-indexes': m0023,
  '0024-uploads-by-account': m0024,
  '0025-perimeter-requests': m0025,
  '0026-published-traffic-texts': m0026,
  '0027-mail-times-in-milliseconds': m0027,
  '0028-withdrawn-state': m0028,
  '0029-mail-created-at-microseconds': m0029,
  '0030-user-place': m0030,
  '0032-consultations': m0032,
  '0033-request-state-counts': m0033,
  '0034-request-revision': m0034,
  '0035-request-map-key': m0035,
  '0036-act-register': m0036,
  '0037-act-seal-signatory': m0037,
  '0039-act-notification': m0039,
  '0040-act-transmission': m0040,
  '0041-act-publication': m0041,
  '0042-formal-notice-act': m0042,
};
