import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { parseJsonText } from '../../errors/acceptable-input.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import type { FilingDeps } from '../../requests/filing/filing-deps.ts';
import type { FilingSubmission } from '../../requests/filing/file-request-service.ts';

/** The JSON of a filing, sent as text or as an application/json part. */
function payloadOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const payload = parseJsonText(value);
  if (payload === undefined)
    throw new AppError('BAD_REQUEST', "La partie « request » n'est pas un JSON valide.");
  return payload;
}

/**
 * Runs `work` with a filing as sent: multipart (`request` JSON part + `document-{type}` files,
 * streamed to temporary files, within UPLOAD_LIMITS.filing) or plain JSON without files.
 * `authorize` runs before any byte of the body is read. Temporary files are always removed.
 */
export async function withSubmission<T>(
  request: FastifyRequest,
  deps: FilingDeps,
  options: { authorize?: () => Promise<void> },
  work: (submission: FilingSubmission) => Promise<T>,
): Promise<T> {
  await options.authorize?.();
  if (!request.isMultipart()) return work({ payload: request.body ?? null, parts: [] });
  const limits = { maxBytes: deps.maxBytes, limits: UPLOAD_LIMITS.filing };
  return withUploadParts(request, deps.store, limits, (parts) =>
    work({ payload: payloadOf(parts.fields.get('request') ?? null), parts: parts.files }),
  );
}
