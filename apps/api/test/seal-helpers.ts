import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

// The seal's certificate as an administrator gives it, and poppler's verdict on a sealed PDF
// (docs/acts.md « Seal »): shared by the seal's tests and the publication's.

export const SEAL_PASSWORD = 'mot-de-passe du cachet';
export const DAY = 24 * 60 * 60 * 1000;

/** A self-signed RSA certificate valid from `from` to `to`, with its key, as a PKCS#12 in base64. */
export function selfSignedP12(
  name: string,
  from = new Date(Date.now() - DAY),
  to = new Date(Date.now() + 365 * DAY),
): string {
  // Node makes the key (forge's own generation is slow); forge writes the certificate and the file.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = '01';
  certificate.validity.notBefore = from;
  certificate.validity.notAfter = to;
  const subject = [
    // A UTF8String (forge encodes it), as real certificates carry accented names; @types/node-forge
    // types this field as a tag class where forge reads a tag number.
    { name: 'commonName', value: name, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class },
    { name: 'organizationName', value: 'CC MACS' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], SEAL_PASSWORD, { algorithm: '3des' });
  return forge.util.encode64(forge.asn1.toDer(p12).getBytes());
}

/** What `pdfsig` says of the PDF's signatures (it exits non-zero on an invalid one). */
export async function pdfsig(bytes: Uint8Array, dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const result = await promisify(execFile)('pdfsig', [file]).catch(
    (error: { stdout: string; stderr: string }) => error,
  );
  return `${result.stdout}${result.stderr}`;
}
