import { describe, expect, it } from 'vitest';
import { schemaForReturns } from './wire-schemas';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('schemaForReturns: the small type language of route `returns`', () => {
  it('links names, arrays and pages to the wire schemas', () => {
    expect(schemaForReturns('Article')).toEqual(ref('Article'));
    expect(schemaForReturns('Category[]')).toEqual({ type: 'array', items: ref('Category') });
    expect(schemaForReturns('Page<PublicUser>')).toMatchObject({
      properties: { data: { type: 'array', items: ref('PublicUser') }, pagination: ref('Pagination') },
    });
  });

  it('reads object literals, untyped fields by name, literals, unions and intersections', () => {
    expect(schemaForReturns('{ success: true, message }')).toEqual({
      type: 'object',
      required: ['success', 'message'],
      properties: { success: { const: true }, message: { type: 'string' } },
    });
    expect(schemaForReturns('{ type: "image" | "video" }')).toMatchObject({ properties: { type: { enum: ['image', 'video'] } } });
    expect(schemaForReturns('{ date: "YYYY-MM-DD" }')).toMatchObject({
      properties: { date: { type: 'string', description: 'e.g. YYYY-MM-DD' } },
    });
    expect(schemaForReturns('Article & { unfeatured: { id, title } | null }')).toMatchObject({
      allOf: [ref('Article'), { type: 'object' }],
    });
    expect(schemaForReturns('{ data: (Comment & { article: { id, title } })[] }')).toMatchObject({
      properties: { data: { type: 'array', items: { allOf: [ref('Comment'), { type: 'object' }] } } },
    });
  });

  it('accepts a trailing note in parentheses and gives up on prose', () => {
    expect(schemaForReturns('{ message, token, user: PublicUser } (role user)')).toMatchObject({ properties: { user: ref('PublicUser') } });
    expect(schemaForReturns('An HTML document')).toBeUndefined();
    expect(schemaForReturns('Unknown')).toBeUndefined();
    expect(schemaForReturns('{ broken: ')).toBeUndefined();
    expect(schemaForReturns(undefined)).toBeUndefined();
  });
});
