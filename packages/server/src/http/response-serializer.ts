import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

/** One compiled serialiser per response schema object, shared by every app of the process. */
const compiled = new WeakMap<z.ZodType, Stringify>();

/** The schema without `additionalProperties: false`, at every depth. */
function withoutClosedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutClosedObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

/**
 * The JSON Schema a response is written by: the zod schema's output side, as the OpenAPI document
 * shows it. fast-json-stringify writes only the properties an object schema lists, so a field a record
 * has beyond its schema is never written. `additionalProperties: false` is dropped: it would make the
 * record fail its own union branch (fast-json-stringify picks a branch by validating the value) where
 * zod strips the field and answers.
 */
export function serializationSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return Object.fromEntries(Object.entries(json).map(([key, value]) => [key, withoutClosedObjects(value)]));
}

/** The fast-json-stringify function of a response schema, compiled on first use. */
export function stringifierOf(schema: z.ZodType): Stringify {
  let stringify = compiled.get(schema);
  if (!stringify) {
    stringify = fastJson(serializationSchemaOf(schema), { rounding: 'trunc' }) as Stringify;
    compiled.set(schema, stringify);
  }
  return stringify;
}

/**
 * Checks a response against its zod schema, as the type provider's serialiser did on every request:
 * a value outside the schema is a ResponseSerializationError, and the compiled serialiser must write
 * what zod reads (fast-json-stringify coerces where zod refuses, e.g. a number into a string field).
 */
function checkedStringify(schema: z.ZodType, method: string, url: string): Stringify {
  const stringify = stringifierOf(schema);
  return (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const text = stringify(data);
    const expected: unknown = JSON.parse(JSON.stringify(result.data));
    if (!isDeepStrictEqual(JSON.parse(text), expected)) {
      throw new Error(
        `${method} ${url}: the serialiser wrote ${text} where zod reads ${JSON.stringify(expected)}`,
      );
    }
    return text;
  };
}

/**
 * Fastify's serializer compiler for the zod response schemas: fast-json-stringify compiled from each
 * schema's JSON Schema, where fastify-type-provider-zod parsed every answer with zod and then ran
 * JSON.stringify (most of a 100-row page's serialisation time). Types stay enforced at compile time by
 * the type provider; with `checksResponses` (the test runs) every answer is also parsed by zod.
 */
export function createResponseSerializerCompiler(options: {
  checksResponses: boolean;
}): FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = maybeSchema instanceof z.ZodType ? maybeSchema : maybeSchema.properties;
    return options.checksResponses ? checkedStringify(schema, method, url) : stringifierOf(schema);
  };
}

/** The app's serializer compiler: responses are checked against their zod schemas under vitest. */
export const responseSerializerCompiler = createResponseSerializerCompiler({
  checksResponses: process.env.VITEST !== undefined,
});
