import type { Response } from 'supertest';
import { expect } from 'vitest';
import type { Actor } from './factories';

/** A refusal's status: 401 without a session, 403 without the grant. */
export const deniedStatus = (actor: Actor) => (actor === 'anonymous' ? 401 : 403);

/**
 * A delete as `actor`, and the record afterwards (docs/spec/CONTRACT.md §3, asserted as Ghost's permission tests do):
 * allowed, it answers `message` and the row is gone; refused, the row stays.
 */
export function expectDeleteOutcome(actor: Actor, allowed: boolean, res: Response, row: unknown, message: string) {
  if (allowed) {
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message });
    expect(row).toBeNull();
  } else {
    expect(res.status).toBe(deniedStatus(actor));
    expect(row).not.toBeNull();
  }
}
