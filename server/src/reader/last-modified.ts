/** The fields that date what a page shows: an article's, a comment's or a headline's last change and publication. */
const DATE_FIELDS = new Set(['updatedAt', 'publishedAt']);

/**
 * The newest `updatedAt` or `publishedAt` anywhere in the data a page was rendered from (its query state): the page's
 * Last-Modified, derived from what it shows, whatever the page (docs/decisions/046-one-address-and-last-modified.md).
 * Null when the data holds no date (a page of staff screens, say).
 */
export function newestDateIn(data: unknown): Date | null {
  let newest = Number.NEGATIVE_INFINITY;
  const stack: unknown[] = [data];
  while (stack.length) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === 'object')
      for (const [key, field] of Object.entries(value)) {
        if (DATE_FIELDS.has(key) && (typeof field === 'string' || field instanceof Date)) {
          const time = new Date(field).getTime();
          if (time > newest) newest = time;
        } else if (field && typeof field === 'object') stack.push(field);
      }
  }
  return Number.isFinite(newest) ? new Date(newest) : null;
}
