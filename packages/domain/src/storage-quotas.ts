import { canUser } from './capabilities.ts';
import { formatMegabytes } from './documents.ts';

// Storage quotas: one file is at most UPLOAD_MAX_BYTES, but a filing carries up to 40
// of them and an account may file again and again. Two totals bound what stays in the store:
// all the documents of one request, and what one account uploaded over the last 24 hours.

const MEGABYTE = 1024 * 1024;

/** The two totals, in bytes (the server's configuration may change them). */
export interface StorageQuotas {
  /** All the documents of one request together, whoever sent them. */
  requestBytes: number;
  /** What one account uploaded over the last 24 hours and is still stored. */
  accountBytesPerDay: number;
}

/**
 * The default quotas: 100 MB a request (five files at the 20 MB limit; the plans and photos of a
 * filing weigh a few megabytes), 500 MB an account a day (fifteen large filings, far more than
 * a counter or an operator files in a day).
 */
export const STORAGE_QUOTAS: StorageQuotas = {
  requestBytes: 100 * MEGABYTE,
  accountBytesPerDay: 500 * MEGABYTE,
};

/** A size as the quota messages say it: '850 Ko' below a megabyte, '12,5 Mo' above. */
function sizeText(bytes: number): string {
  return bytes < MEGABYTE ? `${String(Math.ceil(bytes / 1024))} Ko` : formatMegabytes(bytes);
}

/** What a refusal says: the quota, what is stored already, what the upload adds. */
interface QuotaUsage {
  limit: number;
  stored: number;
  incoming: number;
}

/** '… elle en compte déjà 95 Mo et ces fichiers en ajoutent 10 Mo' or, with nothing stored, '… ces fichiers en font 102 Mo'. */
function usageText(usage: QuotaUsage, already: string): string {
  return usage.stored > 0
    ? `${already} ${sizeText(usage.stored)} et ces fichiers en ajoutent ${sizeText(usage.incoming)}`
    : `ces fichiers en font ${sizeText(usage.incoming)}`;
}

export const STORAGE_QUOTA_MESSAGES = {
  request: (usage: QuotaUsage) =>
    `Une demande peut porter ${formatMegabytes(usage.limit)} de pièces au plus : ${usageText(usage, 'elle en compte déjà')}.`,
  account: (usage: QuotaUsage) =>
    `Un compte peut déposer ${formatMegabytes(usage.limit)} de pièces au plus en 24 heures : ` +
    `${usageText(usage, 'vous en avez déjà déposé')}. Réessayez plus tard, ou adressez-vous au service instructeur.`,
} as const;

/**
 * True when an account's uploads are not held to the quotas: instructors and administrators add
 * the acts of the instruction (orders, annexes, minutes, signed orders), which must never be
 * refused because an applicant filled its request; their uploads still count in the request's
 * total.
 */
export function isStorageQuotaExempt(user: { roles: readonly string[] } | null | undefined): boolean {
  return canUser(user, 'instructRequests');
}

/**
 * The refusal of an upload of `incoming` bytes, given what is stored already: the request's
 * documents (0 for a filing) and what the account uploaded over the last 24 hours. Null when
 * both totals stay within their quota. The request's total is said first: it is the one the
 * sender can act on (fewer or lighter files).
 */
export function storageQuotaRefusal(
  usage: { requestBytes: number; accountBytes: number; incoming: number },
  quotas: StorageQuotas,
): string | null {
  if (usage.requestBytes + usage.incoming > quotas.requestBytes)
    return STORAGE_QUOTA_MESSAGES.request({
      limit: quotas.requestBytes,
      stored: usage.requestBytes,
      incoming: usage.incoming,
    });
  if (usage.accountBytes + usage.incoming > quotas.accountBytesPerDay)
    return STORAGE_QUOTA_MESSAGES.account({
      limit: quotas.accountBytesPerDay,
      stored: usage.accountBytes,
      incoming: usage.incoming,
    });
  return null;
}
