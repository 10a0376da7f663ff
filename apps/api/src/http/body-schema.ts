import { z } from 'zod';

// Some routes declare their body's schema (OpenAPI, the fuzz, the web's types) but let their
// service apply it: the service parses it after authorization (a stranger gets its 404 before a
// 400), with the spec's message prefix, empty strings as null (docs/validation.md "Common rules"),
// and — for a decision or a works form — the schema of the request's own kind. The declared schema is the
// same domain schema the service parses with (or the union of the kinds').

const VALIDATED_BY_SERVICE = new WeakSet<object>();

/** Marks a route's body schema as parsed by its service (see above). */
export function validatedByService<T extends z.ZodType>(schema: T): T {
  VALIDATED_BY_SERVICE.add(schema);
  return schema;
}

/** True for a body schema marked by validatedByService. */
export function isValidatedByService(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && VALIDATED_BY_SERVICE.has(schema);
}

/** A file part of a multipart body, as OpenAPI shows it. */
export const FilePartSchema = z.any().meta({
  type: 'string',
  format: 'binary',
  description: 'Fichier (PDF, JPEG, PNG…), vérifié par son contenu',
});

/**
 * A multipart body's parts, declared for OpenAPI and the fuzz; they are read part by part, with
 * their limits, and checked by the route's service (never parsed whole in memory).
 */
export function multipartBody<T extends z.ZodRawShape>(parts: T) {
  return validatedByService(z.object(parts));
}
