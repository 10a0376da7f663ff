import { isStateId, requestTypeLabel, stateName } from '@voirie/domain';
import type { RequestListRow } from './list-query.ts';
import { frenchDate } from './french-date.ts';
import { initialsOf, locationOf } from './present-request.ts';

/** UTF-8 byte order mark: spreadsheet software then reads the accents right. */
export const BOM = '\uFEFF';

/** First characters a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would run as a formula ('=2+5', '@SUM(1)', '+33…', '-1', a leading
 * tab or CR) is neutralised with a leading apostrophe, as OWASP recommends; the apostrophe
 * shows in the cell. Numbers are written as they are: a number carries no formula.
 */
export function neutraliseFormula(value: string | number): string {
  if (typeof value === 'number') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One CSV field of every export: formulas neutralised (text only), then quoted when it holds
 * the separator, a quote or a line break.
 */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : neutraliseFormula(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(';')}\r\n`;
}

export const EXPORT_HEADER = [
  'N°',
  'Type',
  'Statut',
  'Localisation',
  'Demandeur',
  'Numéro affaire',
  'Ville',
  'Dépôt',
  'Début',
  'Fin',
  // The forms filed with the request: its alignment request, its traffic-police order.
  'Alignement',
  'Arrêté de circulation (cerfa 14024)',
];
export const ADMIN_EXPORT_HEADER = [
  ...EXPORT_HEADER,
  'Instructeur',
  'Référence',
  'Code postal',
  'Email demandeur',
  'Bénéficiaire',
  'Opérateur',
  // The legal clock's deadline, empty when it does not run.
  'Échéance',
];

const yesNo = (value: boolean) => (value ? 'Oui' : 'Non');

function requester(row: RequestListRow): string {
  if (row.demandeurCorporation)
    return [row.demandeurCorporation, row.demandeurCorporationAgent].filter(Boolean).join(' - ');
  return [row.demandeurPrenom, row.demandeurNom].filter(Boolean).join(' ');
}

/** One export line. */
export function exportLine(row: RequestListRow, admin: boolean): string {
  const state = isStateId(row.stateId) ? stateName(row.stateId, row.sendToSign) : 'Inconnu';
  const values: (string | number | null)[] = [
    row.id,
    requestTypeLabel(row),
    state,
    locationOf(row),
    requester(row),
    row.numaffaire,
    row.addressCity,
    frenchDate(row.depositDate),
    frenchDate(row.dateStart),
    frenchDate(row.dateEnd),
    yesNo(row.alignmentId !== null),
    yesNo(row.cerfa14024Id !== null),
  ];
  if (admin) {
    values.push(
      row.instructeurId === null
        ? 'Inconnu'
        : [row.instructeurFirstName, row.instructeurLastName].filter(Boolean).join(' ') ||
            initialsOf(null, null),
      row.reference,
      row.addressPostalCode,
      row.demandeurEmail,
      row.beneficiaryName,
      row.operatorName,
      frenchDate(row.clockDeadlineOn),
    );
  }
  return csvLine(values);
}
