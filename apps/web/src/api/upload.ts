import { API_BASE, announceSessionExpiry, type ApiEnvelope, type ApiSuccess } from './http';

// Multipart sends whose upload progress the user sees (the wizard's files). fetch() reports no
// upload progress, hence XMLHttpRequest. Authentication is the session cookie, sent by the
// browser with same-origin calls, as http.ts does with `credentials: 'same-origin'`.

/** Why a send failed: no answer in time, no answer at all, or an answer that is a failure. */
export type UploadFailureReason = 'timeout' | 'network' | 'status';

export class UploadError extends Error {
  override readonly name = 'UploadError';

  constructor(
    readonly reason: UploadFailureReason,
    readonly status: number,
    readonly body?: ApiEnvelope,
  ) {
    super(body?.message ?? reason);
  }
}

export interface MultipartOptions {
  method: 'POST' | 'PUT';
  /** Path under /api, e.g. 'request'. */
  path: string;
  body: FormData;
  /** Milliseconds before giving up (docs/constants.md "Limits and timings": 20000 for the filing). */
  timeoutMs: number;
  /** Bytes of the body sent so far, out of the total (multipart framing included). */
  onProgress?: (loaded: number, total: number) => void;
  /** Extra request headers (e.g. the filing's Idempotency-Key). */
  headers?: Readonly<Record<string, string>>;
}

function readBody(text: string): ApiEnvelope | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ApiEnvelope;
  } catch {
    return undefined;
  }
}

/** Sends the form; resolves with the envelope of a success, rejects with an UploadError. */
export function sendMultipart<T>(options: MultipartOptions): Promise<ApiSuccess<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, `${API_BASE}/${options.path.replace(/^\//, '')}`);
    xhr.timeout = options.timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) report(event.loaded, event.total);
      });
    }
    xhr.addEventListener('load', () => {
      const body = readBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300 || body?.success === false) {
        announceSessionExpiry(xhr.status, body);
        reject(new UploadError('status', xhr.status, body));
        return;
      }
      resolve({ success: true, message: body?.message ?? '', data: body?.data as T });
    });
    xhr.addEventListener('timeout', () => reject(new UploadError('timeout', 0)));
    xhr.addEventListener('error', () => reject(new UploadError('network', 0)));
    xhr.addEventListener('abort', () => reject(new UploadError('network', 0)));
    xhr.send(options.body);
  });
}
