import { brandParts } from '#shared/schemas/settings';

/** The site's name as its brand (header and footer): `accent` is the classes of its last word (shared brandParts). */
export function SiteBrand({ name, accent }: { name: string; accent: string }) {
  const parts = brandParts(name);
  if (parts.accent === null) return <>{parts.lead}</>;
  return (
    <>
      {`${parts.lead} `}
      <span className={accent}>{parts.accent}</span>
    </>
  );
}
