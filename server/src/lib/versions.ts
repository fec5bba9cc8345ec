import type { Request, Response } from 'express';
import { VERSION_MAX, versionTag } from '#shared/schemas/version';
import { HttpError } from './errors';

/**
 * Optimistic concurrency for edits (docs/decisions/020): every edited record carries an integer
 * `version`; its strong ETag is `"v<version>"`. An update names the version it was based on with
 * `If-Match` (412 when stale) or a `version` field in the body (409 when stale). An update naming
 * neither is refused with 428 and changes nothing (docs/decisions/042), so no client overwrites an
 * edit it never saw without saying so (`If-Match: *`).
 */
export interface ExpectedVersion {
  /** The versions the edit may apply to; 'any' for `If-Match: *`, which asks only that the record exists. */
  versions: number[] | 'any';
  via: 'if-match' | 'body';
}

export const etagOf = versionTag;

const STRONG_TAG = /^"v([1-9]\d{0,9})"$/;

/**
 * The version an edit names, or undefined when it names none (then it is refused: requireVersion). An
 * If-Match of tags that are not ours matches nothing.
 */
export function expectedVersion(req: Request, bodyVersion: number | undefined): ExpectedVersion | undefined {
  const header = req.get('If-Match');
  if (header?.trim() === '*') return { versions: 'any', via: 'if-match' };
  if (header !== undefined) {
    const versions = header
      .split(',')
      .map((tag) => STRONG_TAG.exec(tag.trim())?.[1])
      .filter((v): v is string => v !== undefined)
      .map(Number)
      // A tag past the column's range names no version (and would make PostgreSQL refuse the query).
      .filter((v) => v <= VERSION_MAX);
    return { versions, via: 'if-match' };
  }
  return bodyVersion === undefined ? undefined : { versions: [bodyVersion], via: 'body' };
}

/** The `where` fragment that makes a write apply only to the expected version. */
export const versionWhere = (expected: ExpectedVersion) => (expected.versions === 'any' ? {} : { version: { in: expected.versions } });

const matches = (expected: ExpectedVersion, current: number) => expected.versions === 'any' || expected.versions.includes(current);

/** 428: the edit names no version, so it could overwrite a change its sender never saw. */
const preconditionRequired = (what: string) =>
  new HttpError(
    428,
    'Precondition Required',
    `Say which version of this ${what} you edited: send "version" (the version you loaded) in the body, or an If-Match header with its ETag ("v<version>").`,
  );

/** 412 (If-Match) or 409 (body version), with the current version in `details` and as the ETag. */
export function staleVersion(what: string, expected: ExpectedVersion, current: number): HttpError {
  const [status, error] = expected.via === 'if-match' ? [412, 'Precondition Failed'] : [409, 'Conflict'];
  return new HttpError(
    status,
    error,
    `Someone else changed this ${what} since you opened it. Reload it to see their changes before saving again.`,
    [`The current version is ${current}.`],
    { ETag: etagOf(current) },
  );
}

/**
 * Checked after the caller's right to the record (404/403 first), so an edit without a version learns
 * nothing about a record it may not touch.
 */
export function requireVersion(what: string, expected: ExpectedVersion | undefined, current: number): asserts expected is ExpectedVersion {
  if (!expected) throw preconditionRequired(what);
  if (!matches(expected, current)) throw staleVersion(what, expected, current);
}

export function setVersionTag(res: Response, version: number): void {
  res.set('ETag', etagOf(version));
}

/** An edit's answer: the record as it is now, with its new version as the ETag. */
export function withVersionTag<T extends { version: number }>(res: Response, record: T): T {
  setVersionTag(res, record.version);
  return record;
}

/** What the declaration of a versioned edit says of the version it names: its summary's last sentence, its 412 and 428. */
export const VERSIONED_EDIT = {
  summary: 'Send the version it is based on (required): If-Match with its ETag, or `version` in the body',
  errors: {
    412: 'If-Match does not match the current ETag',
    428: 'neither `version` in the body nor If-Match: the edit names no version, so it is refused and changes nothing (`If-Match: *` accepts any version)',
  },
};
