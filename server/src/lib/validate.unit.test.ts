import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nulCharacterFields, parse, zodDetails } from './validate';

describe('zodDetails', () => {
  it("keeps a schema's own message exactly and names the field in zod's generic wording", () => {
    const schema = z.object({ email: z.email('Invalid email address'), age: z.number(), name: z.string().min(2, 'Name is required') });
    const result = schema.safeParse({ email: 'nope', age: 'x', name: '' });
    expect(result.success).toBe(false);
    const details = zodDetails(result.error!);
    expect(details).toContain('Invalid email address');
    expect(details).toContain('Name is required');
    expect(details.find((d) => d.startsWith('age: '))).toMatch(/^age: Invalid input/);
  });

  it('lists a repeated message once', () => {
    const schema = z.object({ a: z.string().min(1, 'Required'), b: z.string().min(1, 'Required') });
    expect(zodDetails(schema.safeParse({ a: '', b: '' }).error!)).toEqual(['Required']);
  });

  it('refuses accepted strings holding U+0000, which PostgreSQL text cannot store, naming each field', () => {
    const schema = z.object({ title: z.string(), tags: z.array(z.string()), note: z.string().optional() });
    expect(nulCharacterFields({ title: 'a\u0000b', tags: ['ok', '\u0000'], note: 'fine' })).toEqual(['title', 'tags.1']);
    expect(() => parse(schema, { title: 'a\u0000b', tags: [] })).toThrow(
      expect.objectContaining({ status: 400, details: [expect.stringMatching(/^title: /)] }),
    );
    expect(parse(schema, { title: 'plain', tags: ['x'] })).toEqual({ title: 'plain', tags: ['x'] });
  });
});
