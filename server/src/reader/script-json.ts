/**
 * JSON for the inside of a `<script>` element (page data, JSON-LD): `<`, `>` and `&` are written as
 * unicode escapes, so no string in it can close the element or open a comment, and U+2028/U+2029 too.
 * JSON.parse reads it back unchanged.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
