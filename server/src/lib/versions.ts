import type { Request, Response } from 'express';
import { VERSION_MAX, versionTag } from '../../../shared/schemas/version';
import { HttpError } from './errors';

/**
 * Optimistic concurrency for edits (docs/decisions/020): every edited record carries an integer
 * `version`; its strong ETag is `"v<version>"`. An update names the version it was based on with
 * `If-Match` (412 when stale) or a `version` field in the body (409 when stale); an update naming
 * neither is applied as before, so older API clients keep working.
 */
export interface ExpectedVersion {
  versions: number[];
  via: 'if-match' | 'body';
}

export const etagOf = versionTag;

const STRONG_TAG = /^"v([1-9]\d{0,9})"$/;

/** `If-Match: *` asks only that the record exists; an If-Match of tags that are not ours matches nothing. */
export function expectedVersion(req: Request, bodyVersion: number | undefined): ExpectedVersion | undefined {
  const header = req.get('If-Match');
  if (header !== undefined && header.trim() !== '*') {
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
export const versionWhere = (expected: ExpectedVersion | undefined) => (expected ? { version: { in: expected.versions } } : {});

export const matches = (expected: ExpectedVersion | undefined, current: number) => !expected || expected.versions.includes(current);

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

export function requireVersion(what: string, expected: ExpectedVersion | undefined, current: number): void {
  if (expected && !matches(expected, current)) throw staleVersion(what, expected, current);
}

export function setVersionTag(res: Response, version: number): void {
  res.set('ETag', etagOf(version));
}
