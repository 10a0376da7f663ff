import type { Kysely } from 'kysely';
import {
  REORIENTATION_TARGETS,
  ReorientInputSchema,
  reorientationMailFor,
  type ReorientationTarget,
} from '@voirie/domain';
import { z } from 'zod';
import type { Database } from '../../db/schema/index.ts';
import { validationError, zodFieldErrors } from '../../errors/field-errors.ts';
import type { RequestDetail } from '@voirie/domain';
import { loadRequestDetail } from '../detail/request-detail.ts';
import { loadDocumentTypes } from '../filing/filing-checks.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { RequestListRow } from '../list-query.ts';
import type { Actor } from '../../policies/visibility.ts';
import { blockText, inlineText } from '../../mail/mail-text.ts';
import { describeRequest, enqueueApplicantMail, enqueueRequestMail } from './instruction-mails.ts';
import { runTransition, type TransitionOptions } from './transition.ts';
import type { WorkflowAction } from '@voirie/domain';
import { writeDecision } from './decision-writes.ts';
import { findRequestTown } from './request-town.ts';

/** A comment of an action's input, for the history (the comments viewer reads it); null if none. */
export function commentOf(input: unknown, field: string): string | null {
  const value: unknown = typeof input === 'object' && input !== null ? Reflect.get(input, field) : undefined;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** What the instruction services need. */
export interface InstructionDeps {
  db: Kysely<Database>;
  publicUrl: string;
  departmentMailbox: string | null;
  onMailQueued: () => void;
}

/** An action's answer: the request after the change and the notice to show. */
export interface ActionOutcome {
  request: RequestDetail;
  notice: string;
}

/** After an action's commit: the mail sender is told, and the request is read again for the actor. */
export async function actionOutcome(
  deps: InstructionDeps,
  actor: Actor,
  row: Pick<RequestListRow, 'id'>,
  notice: string,
): Promise<ActionOutcome> {
  deps.onMailQueued();
  return { request: await loadRequestDetail(deps.db, actor, String(row.id)), notice };
}

/** An action on the request `key` (runTransition), answered as actionOutcome does with its notice. */
export async function transitionOutcome<A extends WorkflowAction>(
  deps: InstructionDeps,
  actor: Actor,
  key: string,
  action: A,
  input: unknown,
  options: TransitionOptions<A>,
): Promise<ActionOutcome> {
  const { row, result } = await runTransition(deps.db, actor, key, action, input, options);
  return actionOutcome(deps, actor, row, result.notice);
}

/**
 * Completeness (docs/workflow.md "Transitions", docs/validation.md "Completeness dialog"): the
 * missing piece types, a comment and a date; the request goes to 8 and the applicant is mailed the list.
 */
export async function requestCompleteness(
  deps: InstructionDeps,
  actor: Actor,
  key: string,
  input: unknown,
): Promise<ActionOutcome> {
  const types = await loadDocumentTypes(deps.db);
  const asked = (input as { missingDocuments?: unknown } | null)?.missingDocuments;
  const unknown = Array.isArray(asked) ? asked.filter((id) => !types.some((type) => type.id === id)) : [];
  if (unknown.length > 0) {
    throw validationError(
      '',
      zodFieldErrors([
        { path: ['missingDocuments'], message: `Type de pièce inconnu : ${unknown.map(String).join(', ')}` },
      ]),
    );
  }
  return transitionOutcome(deps, actor, key, 'requestCompleteness', input, {
    write: async ({ trx, row: request, result: applied }) => {
      const names = (applied.request.missingDocuments ?? []).map(
        (id) => `- ${inlineText(types.find((type) => type.id === id)?.name ?? String(id))}`,
      );
      await enqueueApplicantMail(
        trx,
        request,
        {
          subject: `Votre demande n° ${String(request.id)} est incomplète`,
          lines: [
            `Votre demande ${describeRequest(request)} est transférée en complétude.`,
            'Merci de déposer sur le portail les pièces suivantes :',
            ...names,
            ...(applied.request.comment
              ? ['', `Commentaire de l'instructeur : ${blockText(applied.request.comment)}`]
              : []),
          ],
          context: 'Demande de complétude',
        },
        { publicUrl: deps.publicUrl },
      );
    },
    historyContext: 'Demande de complétude',
    historyData: { missingDocuments: asked, comment: commentOf(input, 'comment') },
  });
}

/** A reorientation target with the mailbox it goes to (null: not configured, cannot be chosen). */
export interface ReorientationChoice {
  value: ReorientationTarget;
  label: string;
  mail: string | null;
}

async function choicesFor(deps: InstructionDeps, row: RequestListRow): Promise<ReorientationChoice[]> {
  const addresses = {
    mailMairie: (await findRequestTown(deps.db, row))?.mailMairie ?? null,
    departmentMailbox: deps.departmentMailbox,
  };
  return REORIENTATION_TARGETS.map((target) => ({
    value: target.value,
    label: target.label,
    mail: reorientationMailFor(target.value, addresses),
  }));
}

/** `GET request/{id}/reorientation-targets`: the town's mailbox and the department's. */
export async function reorientationTargets(
  deps: InstructionDeps,
  actor: Actor,
  key: string,
): Promise<ReorientationChoice[]> {
  return choicesFor(deps, await findVisibleRequest(deps.db, actor, key));
}

const ReorientBodySchema = z.object({ target: ReorientInputSchema.shape.target.unwrap() });
const NO_MAILBOX = "Aucune adresse n'est configurée pour cette réorientation.";

/**
 * Reorientation (docs/workflow.md "Transitions"): the server resolves the chosen mailbox (a client
 * never sends an address), the request goes to 11 and the mailbox receives the request; the
 * applicant is told.
 */
export async function reorient(
  deps: InstructionDeps,
  actor: Actor,
  key: string,
  body: unknown,
): Promise<ActionOutcome> {
  const parsed = ReorientBodySchema.safeParse(body);
  if (!parsed.success)
    throw validationError(
      '',
      zodFieldErrors([{ path: ['target'], message: 'Veuillez choisir la destination de la réorientation.' }]),
    );
  const visible = await findVisibleRequest(deps.db, actor, key);
  const mail =
    (await choicesFor(deps, visible)).find((choice) => choice.value === parsed.data.target)?.mail ?? null;
  const input = { target: parsed.data.target, reorientationMail: mail ?? '' };
  return transitionOutcome(deps, actor, key, 'reorient', input, {
    write: async ({ trx, row: request }) => {
      if (!mail) throw validationError('', zodFieldErrors([{ path: ['target'], message: NO_MAILBOX }]));
      await enqueueRequestMail(trx, request, {
        to: [mail],
        subject: `Demande de voirie n° ${String(request.id)} réorientée vers vos services`,
        lines: [
          `La demande ${describeRequest(request)} ne relève pas de la compétence de la communauté de communes.`,
          'Elle vous est transmise pour instruction.',
          `Demandeur : ${inlineText([request.demandeurCorporation, request.demandeurPrenom, request.demandeurNom].filter(Boolean).join(' '))}${request.demandeurEmail ? ` (${inlineText(request.demandeurEmail)})` : ''}`,
        ],
        context: 'Réorientation de la demande',
      });
      await enqueueApplicantMail(
        trx,
        request,
        {
          subject: `Votre demande n° ${String(request.id)} a été réorientée`,
          lines: [
            `Votre demande ${describeRequest(request)} a été transmise au service compétent : ${mail}.`,
          ],
          context: 'Réorientation de la demande',
        },
        { publicUrl: deps.publicUrl },
      );
    },
    historyData: { target: parsed.data.target, reorientationMail: mail },
  });
}

/**
 * The decision (docs/validation.md "Decision dialog"): validated by the domain schema of the kind,
 * saved on the form (or the alignment with its streets; both for a permission asked with an alignment), the
 * request's comment, annex flag and order recipients.
 */
export async function saveDecision(
  deps: InstructionDeps,
  actor: Actor,
  key: string,
  input: unknown,
): Promise<ActionOutcome> {
  return transitionOutcome(deps, actor, key, 'saveDecision', input, {
    write: async ({ trx, row: request, result: applied }) => {
      await writeDecision(trx, request, applied, actor.id);
      return applied.alignmentDecision ? { alignmentIsFavorable: applied.alignmentDecision.isFavorable } : {};
    },
    historyContext: 'Décision enregistrée',
    historyData: {
      isFavorable: (input as { isFavorable?: unknown } | null)?.isFavorable,
      comment: commentOf(input, 'commentDecision'),
    },
  });
}
