import type { RequestHandler } from 'express';
import multer from 'multer';
import { parse, type Info } from 'csv-parse/sync';
import { emailSchema } from '#shared/schemas/auth';
import { audit, type Actor } from '../audit/audit.service';
import type { Db } from '../db/client';
import { badRequest } from '../lib/errors';
import { toClientError } from '../media/media-files';
import { uuidv7 } from '../views/uuid7';

/**
 * Importing subscribers from CSV (docs/decisions/069-newsletters.md): the columns the export writes — `email`,
 * `consented_at`, and optionally `newsletters` (slugs separated by spaces), `suppressed_at`, `suppressed_reason`. Every
 * row is checked before anything is written, and the file lands in one transaction: a file with a wrong row changes
 * nothing and its answer names the rows.
 */

/** The largest file, and the most rows, one import takes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** Rows named in a refused import's answer. */
const ERRORS_SHOWN = 20;
/** The oldest consent date taken: older ones are typos, not consent. */
const OLDEST_CONSENT = Date.UTC(1990, 0, 1);
/**
 * Rows one statement of an import writes: each well within the pool's limits on a statement (5 s, and 6 s of the
 * client's wait), which a statement of 100,000 rows would not be on a slow disk. The import is one transaction still.
 */
const PART_ROWS = 5_000;
const inParts = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / PART_ROWS) }, (_, i) => items.slice(i * PART_ROWS, (i + 1) * PART_ROWS));

/** Receives the CSV of multipart field `field` in memory (at most IMPORT_MAX_BYTES), as multer's own errors 4xx. */
export function receiveCsv(field: string): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 },
  }).single(field);
  return (req, res, next) => upload(req, res, (err: unknown) => next(err ? toClientError(err, field, IMPORT_MAX_BYTES) : undefined));
}

interface Row {
  email: string;
  consentedAt: Date;
  slugs: string[];
  suppressedAt: Date | null;
  suppressedReason: string | null;
}

export interface ImportResult {
  rows: number;
  created: number;
  existing: number;
  subscriptions: number;
  suppressed: number;
  skipped: number;
}

const date = (text: string): Date | null => {
  // A date alone is that day in UTC; a time without an offset is refused rather than guessed.
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(text)) return null;
  const at = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  // A day that does not exist (2025-02-30) is refused, not moved to the next month.
  if (Number.isNaN(at.getTime()) || (at.toISOString().slice(0, 10) !== text.slice(0, 10) && text.length === 10)) return null;
  return at;
};

/**
 * The file's rows, checked: each problem as `Line N: …` (the header is line 1; N is the line where the row starts, blank
 * lines and cells over several lines counted). A file with a `newsletters` column says each row's newsletters, an empty
 * cell meaning none (someone who left, in the export); `fallback`, the newsletters chosen for the file, is for a list
 * without that column, and is refused beside one.
 */
export function readSubscriberCsv(
  csv: Buffer,
  known: ReadonlySet<string>,
  fallback: string[],
  now = new Date(),
): { rows: Row[]; errors: string[] } {
  let records: { record: string[]; info: Info }[];
  try {
    // With `info`, each record comes with where it was read (csv-parse's types do not follow that option).
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as typeof records;
  } catch (err) {
    throw badRequest('The file is not CSV', [(err as Error).message.slice(0, 200)]);
  }
  // csv-parse gives the line where a record ends: the next one starts after it and the blank lines between.
  const startLines = records.map(({ info }, i) => {
    const before = records[i - 1]?.info;
    return before ? before.lines + (info.empty_lines - before.empty_lines) + 1 : info.lines;
  });
  const [header, ...body] = records.map((r) => r.record);
  if (!header) throw badRequest('The file is empty', ['Its first line names the columns: email, consented_at, newsletters']);
  if (body.length > IMPORT_MAX_ROWS) throw badRequest(`At most ${IMPORT_MAX_ROWS.toLocaleString('en')} subscribers in one file`);
  const column = (name: string) => header.findIndex((h) => h.toLowerCase().replace(/[\s-]+/g, '_') === name);
  const at = {
    email: column('email'),
    consentedAt: column('consented_at'),
    newsletters: column('newsletters'),
    suppressedAt: column('suppressed_at'),
    suppressedReason: column('suppressed_reason'),
  };
  if (at.email < 0 || at.consentedAt < 0)
    throw badRequest('The file needs the columns email and consented_at', [`Its first line names: ${header.join(', ').slice(0, 200)}`]);
  const named = at.newsletters >= 0;
  if (!named && fallback.length === 0)
    throw badRequest('Choose the newsletters for this file: it has no newsletters column', [
      "Or add a newsletters column naming each row's newsletters by their slugs",
    ]);
  if (named && fallback.length > 0)
    throw badRequest("This file names each row's newsletters in its newsletters column: choose none for the whole file", [
      'An empty newsletters cell means none: the person left (the export writes them so)',
    ]);

  const errors: string[] = [];
  const byEmail = new Map<string, Row>();
  body.forEach((record, i) => {
    const line = startLines[i + 1] ?? i + 2;
    const cell = (index: number) => (index >= 0 ? (record[index] ?? '') : '');
    // The export writes a cell a spreadsheet would run as a formula with an apostrophe before it: read back, it goes.
    const email = emailSchema.safeParse(cell(at.email).replace(/^'(?=[=+\-@])/, ''));
    const consentedAt = date(cell(at.consentedAt));
    const slugs = cell(at.newsletters)
      .split(/[\s,;]+/)
      .filter(Boolean);
    const unknown = slugs.filter((s) => !known.has(s));
    const suppressedText = cell(at.suppressedAt);
    const suppressedAt = suppressedText ? date(suppressedText) : null;
    const problems = [
      !email.success && `"${cell(at.email).slice(0, 60)}" is not an e-mail address`,
      !consentedAt && `consented_at "${cell(at.consentedAt).slice(0, 40)}" is not a date (2026-05-01 or 2026-05-01T09:30:00Z)`,
      consentedAt && (consentedAt > now || consentedAt.getTime() < OLDEST_CONSENT) && 'consented_at is in the future or before 1990',
      unknown.length > 0 && `no newsletter "${unknown.join('", "').slice(0, 100)}"`,
      suppressedText && !suppressedAt && `suppressed_at "${suppressedText.slice(0, 40)}" is not a date`,
      suppressedAt && (suppressedAt > now || suppressedAt.getTime() < OLDEST_CONSENT) && 'suppressed_at is in the future or before 1990',
      cell(at.suppressedReason).length > 200 && 'suppressed_reason is longer than 200 characters',
    ].filter((p): p is string => typeof p === 'string' && p !== '');
    if (problems.length > 0 || !email.success || !consentedAt) {
      errors.push(`Line ${line}: ${problems.join('; ')}`);
      return;
    }
    const row: Row = {
      email: email.data,
      consentedAt,
      slugs: named ? slugs : fallback,
      suppressedAt,
      suppressedReason: suppressedAt ? cell(at.suppressedReason) || 'Imported as suppressed' : null,
    };
    // An address twice in one file: its newsletters together, its earliest consent, suppressed if either row is.
    const seen = byEmail.get(row.email);
    byEmail.set(
      row.email,
      seen
        ? {
            email: row.email,
            consentedAt: seen.consentedAt < row.consentedAt ? seen.consentedAt : row.consentedAt,
            slugs: [...new Set([...seen.slugs, ...row.slugs])],
            suppressedAt: seen.suppressedAt ?? row.suppressedAt,
            suppressedReason: seen.suppressedReason ?? row.suppressedReason,
          }
        : row,
    );
  });
  // In one order, so that two imports at once wait for each other instead of deadlocking over rows taken crosswise.
  return { rows: [...byEmail.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)), errors };
}

/**
 * Imports subscribers: new addresses are created with their consent date (source `import`); known ones keep theirs and
 * gain the newsletters named. A row that names no newsletter adds none: a known address stays as it is, and a new one
 * is not kept (someone who left) unless the row suppresses it. An import never lifts a suppression (a bounce or a
 * complaint outlives a list from elsewhere); a row with `suppressed_at` suppresses its address.
 */
export async function importSubscribers(db: Db, actor: Actor, csv: Buffer, fallbackSlugs: string[]): Promise<ImportResult> {
  const newsletters = await db.newsletter.findMany({ select: { id: true, slug: true } });
  const slugs = new Set(newsletters.map((n) => n.slug));
  const unknownFallback = fallbackSlugs.filter((s) => !slugs.has(s));
  if (unknownFallback.length > 0) throw badRequest(`No newsletter "${unknownFallback.join('", "')}"`);
  const { rows, errors } = readSubscriberCsv(csv, slugs, fallbackSlugs);
  if (errors.length > 0)
    throw badRequest(
      `${errors.length.toLocaleString('en')} ${errors.length === 1 ? 'row is' : 'rows are'} wrong: nothing was imported`,
      errors.length > ERRORS_SHOWN ? [...errors.slice(0, ERRORS_SHOWN), `… and ${errors.length - ERRORS_SHOWN} more`] : errors,
    );
  if (rows.length === 0) throw badRequest('The file has no subscriber: only its header line');

  return db.$transaction(
    async (tx) => {
      const known: { email: string; suppressed: boolean }[] = [];
      for (const part of inParts(rows))
        known.push(
          ...(await tx.$queryRaw<{ email: string; suppressed: boolean }[]>`
            SELECT email, "suppressedAt" IS NOT NULL AS suppressed FROM "NewsletterSubscriber"
            WHERE email = ANY(${part.map((r) => r.email)}::text[])`),
        );
      const knownEmails = new Set(known.map((k) => k.email));
      const alreadySuppressed = new Set(known.filter((k) => k.suppressed).map((k) => k.email));
      const creating = rows.filter((r) => !knownEmails.has(r.email) && (r.slugs.length > 0 || r.suppressedAt));
      let created = 0;
      for (const part of inParts(creating))
        created += await tx.$executeRaw`
          INSERT INTO "NewsletterSubscriber" ("id", "email", "consentedAt", "source", "suppressedAt", "suppressedReason")
          SELECT t.id, t.email, t.consented, 'import', t.suppressed::timestamptz, t.reason
          FROM unnest(${part.map(() => uuidv7())}::uuid[], ${part.map((r) => r.email)}::text[],
                      ${part.map((r) => r.consentedAt.toISOString())}::timestamptz[],
                      ${part.map((r) => r.suppressedAt?.toISOString() ?? null)}::text[],
                      ${part.map((r) => r.suppressedReason)}::text[]) AS t(id, email, consented, suppressed, reason)
          ON CONFLICT ("email") DO NOTHING`;
      const suppressing = rows.filter((r) => r.suppressedAt);
      for (const part of inParts(suppressing))
        await tx.$executeRaw`
            UPDATE "NewsletterSubscriber" s SET "suppressedAt" = t.at::timestamptz, "suppressedReason" = t.reason
            FROM unnest(${part.map((r) => r.email)}::text[], ${part.map((r) => r.suppressedAt!.toISOString())}::text[],
                        ${part.map((r) => r.suppressedReason)}::text[]) AS t(email, at, reason)
            WHERE s.email = t.email AND s."suppressedAt" IS NULL`;
      const suppressed = suppressing.filter((r) => !alreadySuppressed.has(r.email)).length;
      let subscriptions = 0;
      for (const part of inParts(rows.flatMap((r) => r.slugs.map((slug) => [r.email, slug] as const))))
        subscriptions += await tx.$executeRaw`
          INSERT INTO "NewsletterSubscription" ("subscriberId", "newsletterId")
          SELECT s.id, n.id
          FROM unnest(${part.map((p) => p[0])}::text[], ${part.map((p) => p[1])}::text[]) AS t(email, slug)
          JOIN "NewsletterSubscriber" s ON s.email = t.email
          JOIN "Newsletter" n ON n.slug = t.slug
          ON CONFLICT DO NOTHING`;
      const skipped = rows.length - known.length - creating.length;
      const result = { rows: rows.length, created, existing: known.length, subscriptions, suppressed, skipped };
      await audit(
        tx,
        actor,
        'subscribers.import',
        { type: 'subscribers', label: `${rows.length.toLocaleString('en')} subscribers` },
        {
          created: [null, created],
          subscriptions: [null, subscriptions],
        },
      );
      return result;
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
