import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findTransform, responseSerializerCompiler } from './response-serializer.js';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/PDD/x', httpStatus: '200' } as Parameters<
    typeof responseSerializerCompiler
  >[0]);

describe('response serializer', () => {
  const row = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.string()).optional() });

  it('writes what the schema declares and drops what it does not (nothing undeclared leaks)', () => {
    const write = compile(z.object({ list: z.array(row) }));
    const out = write({ list: [{ id: 1, name: 'a', password_hash: 'x' }] });
    expect(JSON.parse(out)).toEqual({ list: [{ id: 1, name: 'a' }] });
  });

  it('refuses an answer that does not match (the error handler turns it into a 500)', () => {
    const write = compile(z.object({ list: z.array(row) }));
    let caught: unknown;
    try {
      write({ list: [{ id: 'one', name: 'a' }] });
    } catch (err) {
      caught = err;
    }
    expect(isResponseSerializationError(caught)).toBe(true);
  });

  it('finds transforms and codecs anywhere in a schema, and refuses such a response schema', () => {
    expect(findTransform(z.object({ a: z.array(row), b: z.union([z.string(), z.null()]) }))).toBeUndefined();
    expect(findTransform(z.object({ a: z.array(z.object({ n: z.string().transform(Number) })) }))).toBe('transform');
    const dates = z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    });
    expect(findTransform(z.object({ at: z.optional(dates) }))).toBe('codec');
    expect(findTransform(z.record(z.string(), z.preprocess(String, z.string())))).toBe('transform');
    interface Tree {
      name: string;
      children: Tree[];
    }
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    expect(findTransform(tree)).toBeUndefined();
    expect(() => compile(z.object({ n: z.string().transform(Number) }))).toThrow(/has a transform/);
  });
});
