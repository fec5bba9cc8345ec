import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidv7 } from './uuid7';

describe('uuidv7', () => {
  it('makes RFC 9562 version-7 UUIDs that the id schemas accept', () => {
    const id = uuidv7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('puts the milliseconds first, so ids sort by creation time', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    expect(uuidv7(at).replace(/-/g, '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
    expect(uuidv7(at) < uuidv7(at + 1)).toBe(true);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => uuidv7(0)));
    expect(ids.size).toBe(5000);
  });
});
