import type { LetterDraft, Reception } from '@voirie/domain';
import { frenchDate, frenchDateTime } from '../requests/french-date.ts';
import { refusalSentences } from '../requests/works/refusal-sentences.ts';
import type { MergeData } from './flatten.ts';
import { frenchValue } from './flatten-values.ts';

// The reception's fields of the works-phase letters (templates 6–10, docs/templates.md), merged
// beside the request's flattened fields. Strings as printed; '' for nothing, so that a
// `{#field}…{/field}` section disappears.

/** The chosen appointment of a reception, if one was accepted. */
export function chosenAppointment(reception: Pick<Reception, 'acceptRdv' | 'rdv1' | 'rdv2' | 'rdv3'> | null) {
  if (!reception?.acceptRdv) return null;
  return [reception.rdv1, reception.rdv2, reception.rdv3][reception.acceptRdv - 1] ?? null;
}

/**
 * The letter fields: the outcome as drafted in the dialog (`draft`), the stored reception
 * (option, appointment, road disturbance) and who drafts it.
 */
export function letterFields(options: {
  draft: LetterDraft;
  reception: (Reception & { witnessName?: string | null }) | null;
  author: string;
}): MergeData {
  const { draft, reception } = options;
  const sentences = refusalSentences(draft);
  const refused = draft.avis === 'refusé';
  const place =
    reception?.roadDisturbance && reception.lat != null && reception.lon != null
      ? `latitude ${frenchValue(reception.lat)}, longitude ${frenchValue(reception.lon)}`
      : '';
  return {
    avis: draft.avis ?? '',
    reception_acceptee: draft.avis === 'accepté' ? 'Oui' : '',
    reception_refusee: refused ? 'Oui' : '',
    conclusion: draft.avis === 'accepté' ? 'sans réserve' : refused ? 'refusée' : '',
    date_visite: frenchDate(draft.dateVisite ?? ''),
    parties_domaine_public: draft.partieDomainePublic.join(', '),
    motifs: sentences.map((texte) => ({ texte })),
    motifs_texte: sentences.join(' '),
    option_reception: reception?.option ?? '',
    rendez_vous: frenchDateTime(chosenAppointment(reception)),
    perturbation_date: frenchDate(reception?.disturbanceAt ?? ''),
    perturbation_temoin: reception?.witnessName ?? '',
    perturbation_constat: reception?.disturbanceComment ?? '',
    perturbation_lieu: place,
    instructeur: options.author,
  };
}
