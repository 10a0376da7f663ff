import { z } from 'zod';

// A returned object is described by the types of its fields, never by the input's rules: a
// stored value is returned as stored (an answer must not fail, or change, because a value was
// trimmed, shortened or formatted differently when it was typed).

/** The field as its plain type: string, number, boolean, enum or literal, nullable and optional. */
function plainField(field: z.ZodType): z.ZodType {
  return plainType(field).nullish();
}

/** The plain type of a field, without its null or absence. */
function plainType(field: z.ZodType): z.ZodType {
  const def = (
    field as unknown as {
      _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType } };
    }
  )._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
      return plainType(def.innerType!);
    case 'pipe':
      return plainType(def.in!);
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'array':
      return z.array(plainType(def.element!));
    default:
      // enum, literal, object, unknown…: kept as they are.
      return field;
  }
}

/** The output schema of an input object schema: the same fields, each its plain type (see above). */
export function plainOf<S extends z.ZodObject>(
  schema: S,
): z.ZodObject<{
  [K in keyof S['shape']]: z.ZodOptional<z.ZodNullable<z.ZodType<NonNullable<z.output<S['shape'][K]>>>>>;
}> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, plainField(field as z.ZodType)]),
  );
  return z.object(shape) as never;
}
