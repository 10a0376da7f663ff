import type { RequestDetail } from '@voirie/domain';
import { sendMultipart } from '../../../api/upload';
import type { WizardMode } from '../model/wizard-state';
import { FILING_TIMEOUT_MS } from '../model/submission';

// The wizard's calls besides the spatial ones (docs/api-filing.md).

/**
 * POST request (creation) or PUT request/{id} (completion), the multipart body, 20 s. A creation
 * carries its Idempotency-Key: the server files a key once (docs/api-filing.md).
 */
export function sendFiling(args: {
  mode: WizardMode;
  requestId: number | null;
  body: FormData;
  onProgress: (loaded: number, total: number) => void;
  idempotencyKey?: string;
  /** The draft the creation comes from: the server deletes it with the filing. */
  draftId?: string | null;
}) {
  const update = args.mode === 'update' && args.requestId !== null;
  const fromDraft = args.draftId ? `?draftId=${encodeURIComponent(args.draftId)}` : '';
  return sendMultipart<RequestDetail>({
    method: update ? 'PUT' : 'POST',
    path: update ? `request/${String(args.requestId)}` : `request${fromDraft}`,
    body: args.body,
    timeoutMs: FILING_TIMEOUT_MS,
    onProgress: args.onProgress,
    ...(!update && args.idempotencyKey ? { headers: { 'Idempotency-Key': args.idempotencyKey } } : {}),
  });
}

/**
 * A random key for one filing attempt (a UUID v4). getRandomValues, not randomUUID: the latter
 * exists only on HTTPS pages, and the portal may be served over plain HTTP inside a network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
