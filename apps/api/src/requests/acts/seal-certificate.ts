import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { SEAL_MESSAGES, parisDate } from '@voirie/domain';
import { AppError } from '../../errors/app-error.ts';

// Opening the seal's PKCS#12: node-forge decodes the container (Node cannot), everything after —
// the certificate's fields, the key match, the signature — is Node's own crypto, which reads RSA
// and EC keys alike.

/** A PKCS#12 opened: the signing key, its certificate, and the chain that came with it. */
export interface SealCertificate {
  privateKey: KeyObject;
  certificate: X509Certificate;
  /** DER of every certificate of the file, the signer's first. */
  chain: Buffer[];
  holder: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
}

const invalid = (field: 'p12' | 'password', message: string) =>
  new AppError('VALIDATION', message, { errors: [{ path: field, message }] });

type Forge = typeof import('node-forge');

/** The PKCS#12 bag types (RFC 7292 4.2). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  certificate: '1.2.840.113549.1.12.10.1.3',
};

/** The PKCS#8 DER of each key bag and the DER of each certificate bag. */
function decodeBags(forge: Forge, p12Bytes: Buffer, password: string) {
  let p12: ReturnType<Forge['pkcs12']['pkcs12FromAsn1']>;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12Bytes.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge says "Invalid password?" when the MAC or the key's decryption fails.
    if (error instanceof Error && /password/i.test(error.message)) {
      throw invalid('password', SEAL_MESSAGES.wrongPassword);
    }
    throw invalid('p12', SEAL_MESSAGES.notP12);
  }
  const toDer = (asn1: ReturnType<Forge['asn1']['create']>) =>
    Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  const bagsOf = (bagType: string) => p12.getBags({ bagType })[bagType] ?? [];
  const keyBags = [...bagsOf(BAG.shroudedKey), ...bagsOf(BAG.key)];
  const keys = keyBags.map((bag) =>
    // forge parses RSA keys and keeps the PrivateKeyInfo of the others as it found it.
    toDer(bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1),
  );
  const certificates = bagsOf(BAG.certificate).map((bag) =>
    toDer(bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1),
  );
  return { keys, certificates };
}

/** The subject's or issuer's name as people read it: its CN, then its organisation. */
function readableName(distinguishedName: string): string {
  const fields = new Map(
    distinguishedName.split('\n').map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)] as const;
    }),
  );
  const parts = [fields.get('CN'), fields.get('O')].filter((part): part is string => !!part);
  return [...new Set(parts)].join(', ') || distinguishedName.replaceAll('\n', ', ');
}

/**
 * Opens a PKCS#12 with its password, or refuses in French (VALIDATION on `p12` or `password`):
 * not a PKCS#12, wrong password, no private key, no certificate of that key, a key neither RSA
 * nor EC, a certificate not yet or no longer valid at `now`.
 */
export async function openSealCertificate(
  p12Bytes: Buffer,
  password: string,
  now = new Date(),
): Promise<SealCertificate> {
  // Loaded on first use: node-forge is large and only the seal needs it.
  const forge = (await import('node-forge')).default;
  const { keys, certificates } = decodeBags(forge, p12Bytes, password);
  const keyDer = keys[0];
  if (!keyDer) throw invalid('p12', SEAL_MESSAGES.noPrivateKey);
  const privateKey = createPrivateKey({ key: keyDer, format: 'der', type: 'pkcs8' });
  if (privateKey.asymmetricKeyType !== 'rsa' && privateKey.asymmetricKeyType !== 'ec') {
    throw invalid('p12', SEAL_MESSAGES.unsupportedKey);
  }
  const parsed = certificates.map((der) => ({ der, x509: new X509Certificate(der) }));
  const own = parsed.find(({ x509 }) => x509.checkPrivateKey(privateKey));
  if (!own) throw invalid('p12', SEAL_MESSAGES.noMatchingCertificate);
  const notBefore = new Date(own.x509.validFrom);
  const notAfter = new Date(own.x509.validTo);
  if (now < notBefore) throw invalid('p12', SEAL_MESSAGES.notYetValid(parisDate(notBefore)));
  if (now > notAfter) throw invalid('p12', SEAL_MESSAGES.expired(parisDate(notAfter)));
  return {
    privateKey,
    certificate: own.x509,
    chain: [own.der, ...parsed.filter((entry) => entry !== own).map(({ der }) => der)],
    holder: readableName(own.x509.subject),
    issuer: readableName(own.x509.issuer),
    notBefore,
    notAfter,
  };
}
