/**
 * The site's name as its brand (header and footer): the last word in the accent colour, as "Chronicle News" always
 * showed; a one-word name in one colour. `accent` is the last word's classes.
 */
export function SiteBrand({ name, accent }: { name: string; accent: string }) {
  const cut = name.lastIndexOf(' ');
  if (cut === -1) return <>{name}</>;
  return (
    <>
      {`${name.slice(0, cut)} `}
      <span className={accent}>{name.slice(cut + 1)}</span>
    </>
  );
}
