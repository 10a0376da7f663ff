import type { Kysely } from 'kysely';
import { canUser, DOCUMENT_TYPE, formalNoticeSigningProblem, type FormalNoticeAct } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import type { Viewer } from '../../policies/visibility.ts';
import type { RequestListRow } from '../list-query.ts';

// Whether the signed formal notice of a request's latest reception may be recorded
// (formal-notice-service.ts), and what the detail shows of it (docs/acts.md « Formal notice »).

/** What decides the recording, read in `db` (the transaction's, when it writes). */
export async function signingFacts(db: Kysely<Database>, request: Pick<RequestListRow, 'id' | 'stateId'>) {
  const reception = await db
    .selectFrom('reception as rc')
    .leftJoin('actRegister as a', 'a.id', 'rc.formalNoticeActId')
    .select(['rc.id', 'rc.avis', 'a.number'])
    .where('rc.requestId', '=', request.id)
    .orderBy('rc.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const generated = await db
    .selectFrom('document')
    .select('id')
    .where('requestId', '=', request.id)
    .where('typeDocumentId', '=', DOCUMENT_TYPE.FORMAL_NOTICE)
    .limit(1)
    .executeTakeFirst();
  return {
    receptionId: reception?.id ?? null,
    facts: {
      stateId: request.stateId,
      receptionOpinion: reception?.avis ?? null,
      generated: generated !== undefined,
      signedNumber: reception?.number ?? null,
    },
  };
}

/** The detail's view: the latest reception's signed formal notice, and whether the viewer may record it. */
export async function presentFormalNoticeAct(
  db: Kysely<Database>,
  viewer: Viewer,
  request: Pick<RequestListRow, 'id' | 'stateId'>,
): Promise<FormalNoticeAct> {
  const { facts } = await signingFacts(db, request);
  return {
    number: facts.signedNumber,
    canRecordSigned:
      canUser(viewer, 'recordSignedFormalNotice') && formalNoticeSigningProblem(facts) === null,
  };
}
