import { isAlignmentKind, ALIGNMENT_REASON_OTHER, DOCUMENT_TYPE, valueLabel } from '@voirie/domain';
import { frenchDate } from '../requests/french-date.ts';
import { fieldText, frenchValue, record, type MergeFields, type Row } from './flatten-values.ts';
import { joined, text } from '../requests/printed-text.ts';

// The decision's part of the merge (docs/templates.md): the outcome, the works as the form
// describes them, the alignment's reason and order number, and the decision's annexes.

type Form = MergeFields | null;

/** The works as labels: the themes, then the nature of the site ('Pose de compteur – Création'). */
export function worksNature(cerfa: Form): string {
  const nature = text(cerfa?.natureWorkOther) || fieldText('natureWork', cerfa?.natureWork);
  return joined(' – ', fieldText('themes', cerfa?.themes), nature);
}

/** The alignment's reason as printed: its label, or the applicant's own words for 'Autre'. */
function alignmentReason(alignment: Form): string {
  const reason = text(alignment?.reasonRequest);
  if (!reason || reason === ALIGNMENT_REASON_OTHER) return text(alignment?.reasonRequestOther);
  return valueLabel('reasonRequest', reason);
}

/**
 * The decision's fields: the form of the kind holds it (the cerfa, or the alignment for kind 2).
 * `detail` carries the request's comment and annex flag.
 */
export function decisionFields(kind: number, cerfa: Form, alignment: Form, detail: Form): Row {
  const form = isAlignmentKind(kind) ? alignment : cerfa;
  const favourable = form?.isFavorable;
  const motifs = joined(
    ', ',
    fieldText('decisionAccessMotifsRefus', cerfa?.decisionAccessMotifsRefus),
    cerfa?.decisionAccessMotifsRefusOther,
  );
  return {
    decision: favourable === true ? 'Favorable' : favourable === false ? 'Défavorable' : '',
    decision_issue: favourable === true ? 'accordée' : favourable === false ? 'refusée' : '',
    commentaire_decision: text(detail?.commentDecision) || text(form?.commentDecision),
    // A permission's coordination prescription; never an alignment's.
    prescription_coordination: isAlignmentKind(kind) ? '' : text(cerfa?.prescriptionCoordination),
    annexe: frenchValue(detail?.doAnnexe),
    motifs_refus: motifs,
    motif_demande: alignmentReason(alignment),
    date_demande_alignement: frenchDate(alignment?.dateRequest),
    numero_arrete_alignement: text(alignment?.alignmentOrderNumber),
    autorisation_urbanisme: fieldText('autorisationUrba', alignment?.autorisationUrba),
    dossier_urbanisme: joined(
      ' ',
      fieldText('typeDossier', alignment?.typeDossier),
      alignment?.dosAutorisationUrba,
    ),
    hors_competence: frenchValue(alignment?.decisionHorsCompetence),
    motif_hors_competence:
      alignment?.decisionHorsCompetence === true
        ? 'la voie concernée ne relève pas de la compétence du gestionnaire de la voirie'
        : '',
  };
}

/**
 * The decision's annexes joined to the order (`doAnnexe`, « Joindre les annexes à l'arrêté »):
 * the request's decision annex documents (type 97), numbered in the order they were added.
 */
export function annexRows(detail: Form): Row[] {
  if (detail?.doAnnexe !== true) return [];
  const documents = Array.isArray(detail.documents) ? detail.documents : [];
  return documents
    .map(record)
    .filter((document) => document?.typeDocumentId === DOCUMENT_TYPE.DECISION_ANNEX)
    .map((document, index) => ({ numero: String(index + 1), nom: text(document?.name) }));
}
