import { isPermissionKind, REQUEST_KIND_LABELS, type RequestKind } from './kinds.ts';
import { ALIGNMENT_REASON_OTHER } from './lists.ts';
import { valueLabel } from './value-labels.ts';
import { can, type Actor } from './workflow.ts';
import type { WorkflowRequest } from './workflow-table.ts';

// A road permission filed with the alignment request of the same place ('Demander
// aussi l'alignement'): one request, both forms. How it is named and what it changes for the
// people who read it; the rule itself (`hasAlignment`) is the workflow's.

/** True when a road permission (kind 1 or 3) carries an alignment request too. */
export function isPermissionWithAlignment(request: { type: number; alignmentId?: number | null }): boolean {
  return isPermissionKind(request.type) && request.alignmentId != null;
}

/** The kind's label, « + alignement » for a permission that carries its alignment request. */
export function requestTypeLabel(request: { type: number; alignmentId?: number | null }): string {
  const label = REQUEST_KIND_LABELS[request.type as RequestKind] ?? String(request.type);
  return isPermissionWithAlignment(request) ? `${label} + alignement` : label;
}

/**
 * The 14023 has no alignment block: its printable copy says in a line that the alignment of the
 * place is asked with it, and why (the applicant's words for 'Autre').
 */
export function alignmentNote(alignment: {
  reasonRequest?: string | null;
  reasonRequestOther?: string | null;
}): string {
  const other =
    alignment.reasonRequest === ALIGNMENT_REASON_OTHER ? alignment.reasonRequestOther?.trim() : null;
  const reason = other || valueLabel('reasonRequest', alignment.reasonRequest);
  return `Une demande d'alignement individuel est jointe à cette demande${reason ? ` (motif : ${reason})` : ''}.`;
}

/**
 * Why the works of this request may not be extended when that is only because it carries an
 * alignment request (the workflow's 'extendable' guard); null when the extension is offered or
 * refused for another reason (role, state), which the page does not explain.
 */
export function extensionRefusalNotice(actor: Actor, request: WorkflowRequest): string | null {
  if (request.hasAlignment !== true) return null;
  const refused = can(actor, 'extend', request);
  if (refused.ok || !can(actor, 'extend', { ...request, hasAlignment: false }).ok) return null;
  return refused.message;
}
