import { z } from 'zod';
import { ERROR_CODES } from '@voirie/domain';

/**
 * The success envelope `{ success, message, data }` of every answer
 * (docs/decisions/0013-response-contract.md).
 */
export function ok<T>(data: T, message = ''): { success: true; message: string; data: T } {
  return { success: true, message, data };
}

/** Response schema of a success envelope around `data`, for the OpenAPI document. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** Response schema of every error answer: `code` is one of the domain's ERROR_CODES. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  detail: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Every refusal status the API may answer, each with the error envelope (OpenAPI and serializer). */
export const ERROR_RESPONSES = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  408: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  413: ErrorEnvelopeSchema,
  415: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
  500: ErrorEnvelopeSchema,
  502: ErrorEnvelopeSchema,
} as const;

/** The response schemas of a route answering the envelope around `data` with 200 (or 201). */
export function replies<T extends z.ZodType, S extends 200 | 201 = 200>(data: T, status?: S) {
  return { [status ?? 200]: envelopeOf(data), ...ERROR_RESPONSES } as Record<
    S,
    ReturnType<typeof envelopeOf<T>>
  > &
    typeof ERROR_RESPONSES;
}

/** The response schemas of a route answering in a shape of its own (no envelope around it). */
export function bareReplies<T extends z.ZodType>(answer: T) {
  return { 200: answer, ...ERROR_RESPONSES };
}

/** The response schemas of a route answering a file (streamed as is: no serialization). */
export function fileReplies(description: string) {
  return bareReplies(z.any().meta({ description, type: 'string', format: 'binary' }));
}

/**
 * RFC 6266 header of a file answered, shown (`inline`) or saved (`attachment`): an ASCII fallback
 * of its name and the UTF-8 name.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'document';
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The headers of a file answered as is: its type, never sniffed by the browser, and the route's own. */
export function fileHeaders(mimeType: string, headers: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': mimeType, ...headers, 'x-content-type-options': 'nosniff' };
}
