import { queryOptions } from '@tanstack/react-query';
import type { SealStatus, SealUpload } from '@voirie/domain';
import { http } from '../../../api';

// The seal's certificate (docs/acts.md « Seal »): its status for the register's readers, its
// upload and removal for administrators.

/** GET acts/seal: holder, issuer, validity — never the file nor its password. */
export function sealStatusQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['acts', 'seal'],
    queryFn: async () => (await http.get<SealStatus>('acts/seal')).data,
    enabled,
  });
}

/** PUT acts/seal. Silent: a refusal is shown on its field. */
export function saveSealCertificate(body: SealUpload) {
  return http.put<SealStatus>('acts/seal', body, { silent: true });
}

/** DELETE acts/seal. */
export function removeSealCertificate() {
  return http.delete<SealStatus>('acts/seal');
}

/** A file's bytes in base64, as PUT acts/seal takes them. */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
