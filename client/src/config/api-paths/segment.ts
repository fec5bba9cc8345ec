/** One path segment, escaped. */
export const segment = encodeURIComponent;
