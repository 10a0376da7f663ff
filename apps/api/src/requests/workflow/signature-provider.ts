import type { RequestListRow } from '../list-query.ts';

/**
 * Where an order goes to be signed (docs/api-instruction.md "Signature"). A provider receives the
 * order when it is submitted; the signed PDF, or the signatory's refusal, comes back through the API
 * (`request/{id}/signature/signed` and `…/refusal`).
 */
export interface SignatureProvider {
  readonly name: string;
  /** Hands the order over; answers the provider's reference, if it keeps one. */
  submit(request: RequestListRow, orderDocumentIds: readonly number[]): Promise<{ reference: string | null }>;
}

/**
 * The built-in manual provider: the order waits in state 3 « En signature » while it is signed
 * on paper or in the community's own tool; an instructor then uploads the signed PDF or records
 * the refusal. Nothing leaves the portal, so there is no reference.
 */
export const manualSignatureProvider: SignatureProvider = {
  name: 'manual',
  submit: () => Promise.resolve({ reference: null }),
};
