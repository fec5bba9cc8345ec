import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(16 * 256);
let next = pool.length;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then randomness. View logs are written in
 * batches with raw SQL (view-recorder.ts), so the id Prisma would otherwise generate for
 * `@default(uuid(7))` is made here, when the view is queued; time-ordered ids keep the primary-key index
 * append-only.
 */
export function uuidv7(now = Date.now()): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const b = Buffer.from(pool.subarray(next, next + 16));
  next += 16;
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
