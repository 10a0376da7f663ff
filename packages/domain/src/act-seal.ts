import { z } from 'zod';

// The authority's electronic seal (cachet électronique, docs/acts.md « Seal »): the portal signs
// what it publishes and notifies with the certificate an administrator gives it, a PKCS#12 file
// and its password, so that any PDF reader shows the document unaltered since.

/** Largest PKCS#12 file accepted: a seal certificate with its chain weighs a few kilobytes. */
export const SEAL_P12_MAX_BYTES = 64 * 1024;

export const SEAL_MESSAGES = {
  noFile: 'Choisissez le fichier du certificat (.p12 ou .pfx).',
  tooLarge: 'Ce fichier est trop lourd pour un certificat (64 Ko au plus).',
  notP12: "Ce fichier n'est pas un certificat PKCS#12 (.p12 ou .pfx) lisible.",
  wrongPassword: "Le mot de passe ne permet pas d'ouvrir ce certificat.",
  noPrivateKey:
    'Ce fichier ne contient pas de clé privée : exportez le certificat avec sa clé privée (.p12 ou .pfx).',
  noMatchingCertificate: 'Ce fichier ne contient pas le certificat de sa clé privée.',
  unsupportedKey: 'Seules les clés RSA sont prises en charge pour le cachet.',
  notYetValid: (date: string) => `Ce certificat n'est valable qu'à partir du ${date}.`,
  expired: (date: string) => `Ce certificat a expiré le ${date}.`,
  keyMismatch:
    "Le certificat de cachet enregistré ne peut pas être déchiffré avec la clé de cette instance (SEAL_KEY) : l'administrateur doit le déposer à nouveau.",
  saved: 'Certificat de cachet enregistré.',
  removed: 'Certificat de cachet retiré.',
  none: 'Aucun certificat de cachet : les actes publiés et notifiés ne sont pas scellés.',
} as const;

/** `PUT acts/seal`: the PKCS#12 file, in base64, and its password. */
export const SealUploadSchema = z
  .object({
    p12: z
      .string()
      .trim()
      .min(1, SEAL_MESSAGES.noFile)
      // base64 is 4 characters for 3 bytes.
      .max(Math.ceil(SEAL_P12_MAX_BYTES / 3) * 4, SEAL_MESSAGES.tooLarge)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, SEAL_MESSAGES.notP12)
      .meta({ description: 'Le fichier PKCS#12 (.p12, .pfx), encodé en base64.' }),
    password: z.string().max(200).meta({ description: 'Le mot de passe du fichier.' }),
  })
  .meta({ id: 'SealUpload', description: 'Le certificat du cachet électronique et son mot de passe.' });
export type SealUpload = z.infer<typeof SealUploadSchema>;

/** `GET acts/seal`: what is known of the certificate in force — never the file nor its password. */
export const SealStatusSchema = z
  .object({
    configured: z.boolean(),
    /** The certificate's subject (its common name, organisation). */
    holder: z.string().nullable(),
    issuer: z.string().nullable(),
    notBefore: z.string().nullable().meta({ description: 'Début de validité (ISO 8601).' }),
    notAfter: z.string().nullable().meta({ description: 'Fin de validité (ISO 8601).' }),
    /** Past its validity: acts are no longer sealed. */
    expired: z.boolean(),
    /** This instance can decrypt it (its SEAL_KEY is the one it was stored with). */
    readable: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'SealStatus' });
export type SealStatus = z.infer<typeof SealStatusSchema>;
