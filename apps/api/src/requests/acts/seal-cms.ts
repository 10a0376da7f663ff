import { createHash, sign } from 'node:crypto';
import type { SealCertificate } from './seal-certificate.ts';

// The CMS signature of a PAdES seal (ETSI EN 319 142-1, baseline B-B; subFilter ETSI.CAdES.detached):
// a detached SignedData whose signed attributes are the content type, the message digest and the
// signer's certificate by its hash (signing-certificate-v2) — and no signing time, which PAdES
// takes from the signature dictionary's /M. @signpdf's P12Signer writes adbe.pkcs7.detached
// attributes (a signing time, no signing-certificate-v2), hence this small DER writer of our own.

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One DER element: its tag, its length, its content. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...content: Buffer[]) => tlv(0x30, ...content);
const set = (...content: Buffer[]) => tlv(0x31, ...content);
const octets = (bytes: Buffer) => tlv(0x04, bytes);
const integer = (value: number) => tlv(0x02, Buffer.from([value]));
const NULL = Buffer.from([0x05, 0x00]);

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      base128.unshift(0x80 | (value & 0x7f));
    }
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** DER's SET OF: its elements in the order of their encodings (X.690 11.6). */
const sortedSet = (elements: Buffer[]) => set(...[...elements].sort((a, b) => Buffer.compare(a, b)));

/** The element at `offset`: where its content starts and where it ends. */
function element(der: Buffer, offset: number): { tag: number; start: number; end: number } {
  const tag = der[offset]!;
  const first = der[offset + 1]!;
  if (first < 0x80) return { tag, start: offset + 2, end: offset + 2 + first };
  const count = first & 0x7f;
  let size = 0;
  for (let i = 0; i < count; i += 1) size = size * 256 + der[offset + 2 + i]!;
  const start = offset + 2 + count;
  return { tag, start, end: start + size };
}

/** The certificate's issuer name and serial number, as encoded in it. */
function issuerAndSerial(certificate: Buffer): { issuer: Buffer; serial: Buffer } {
  const tbs = element(certificate, element(certificate, 0).start);
  const fields: Buffer[] = [];
  for (let offset = tbs.start; offset < tbs.end && fields.length < 4;) {
    const field = element(certificate, offset);
    // The version, [0], is absent from v1 certificates.
    if (!(fields.length === 0 && field.tag === 0xa0)) fields.push(certificate.subarray(offset, field.end));
    offset = field.end;
  }
  const [serial, , issuer] = fields;
  return { issuer: issuer!, serial: serial! };
}

const attribute = (type: string, value: Buffer) => sequence(oid(type), set(value));

/** The detached CMS SignedData of `content` (the PDF's signed byte ranges), DER. */
export function cadesDetachedSignature(seal: SealCertificate, content: Buffer): Buffer {
  const signer = seal.chain[0]!;
  const { issuer, serial } = issuerAndSerial(signer);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
  const digestAlgorithm = sequence(oid(OID.sha256));
  const essCertIdV2 = sequence(octets(sha256(signer)), sequence(sequence(tlv(0xa4, issuer)), serial));
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(sha256(content))),
    attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2))),
  ];
  // Signed as a SET OF, stored as [0] IMPLICIT: the same bytes under another tag.
  const signedAttributes = sortedSet(attributes);
  const signature = sign('sha256', signedAttributes, seal.privateKey);
  const isRsa = seal.privateKey.asymmetricKeyType === 'rsa';
  const signatureAlgorithm = isRsa
    ? sequence(oid(OID.rsaEncryption), NULL)
    : sequence(oid(OID.ecdsaWithSha256));
  const signerInfo = sequence(
    integer(1),
    sequence(issuer, serial),
    digestAlgorithm,
    Buffer.concat([Buffer.from([0xa0]), signedAttributes.subarray(1)]),
    signatureAlgorithm,
    octets(signature),
  );
  const signedData = sequence(
    integer(1),
    set(digestAlgorithm),
    sequence(oid(OID.data)),
    tlv(0xa0, ...seal.chain),
    set(signerInfo),
  );
  return sequence(oid(OID.signedData), tlv(0xa0, signedData));
}
