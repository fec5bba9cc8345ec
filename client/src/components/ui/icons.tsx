import type { SVGProps } from 'react';

/**
 * One set of small line icons (24×24 grid, drawn in currentColor), decorative: the text beside them, or the
 * label of their button, names the action. The reader imports single icons by name (`MenuIcon`) so that
 * its bundle carries only those; the dashboard picks them by key (`<Icon name="users" />`, icon.tsx) from
 * menus and cards described as data. The two share this module's frame and paths.
 */
export function Svg({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MENU_PATH = 'M4 6h16M4 12h16M4 18h16';
export const CLOSE_PATH = 'M6 6l12 12M18 6L6 18';
export const EYE_PATH = 'M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z';
export const LINK_PATH =
  'M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71';

export type IconProps = SVGProps<SVGSVGElement>;

/**
 * An icon of one path. A `filled` one is drawn in currentColor, without an outline (the brands' marks, play and
 * pause). Pure, so that a bundle keeps only the icons it imports.
 */
function pathIcon(d: string, filled = false) {
  return (p: IconProps) => (
    <Svg {...(filled && { fill: 'currentColor', stroke: 'none' })} {...p}>
      <path d={d} />
    </Svg>
  );
}

export const MenuIcon = /* @__PURE__ */ pathIcon(MENU_PATH);
export const CloseIcon = /* @__PURE__ */ pathIcon(CLOSE_PATH);
export const SearchIcon = /* @__PURE__ */ pathIcon('M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5');
export const ChevronDownIcon = /* @__PURE__ */ pathIcon('M6 9l6 6 6-6');
export const ArrowLeftIcon = /* @__PURE__ */ pathIcon('M19 12H5M12 19l-7-7 7-7');
export const ArrowRightIcon = /* @__PURE__ */ pathIcon('M5 12h14M12 5l7 7-7 7');
export const EyeIcon = /* @__PURE__ */ pathIcon(EYE_PATH);
export const PlayIcon = /* @__PURE__ */ pathIcon('M8 5v14l11-7z', true);
export const PauseIcon = /* @__PURE__ */ pathIcon('M6 5h4v14H6zM14 5h4v14h-4z', true);
export const LinkIcon = /* @__PURE__ */ pathIcon(LINK_PATH);
export const FacebookIcon = /* @__PURE__ */ pathIcon(
  'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.9c0-.6.3-.9.9-.9z',
  true,
);
export const TwitterIcon = /* @__PURE__ */ pathIcon(
  'M17.8 3h3.2l-7 8 8.2 10h-6.4l-5-6.2L5 21H1.8l7.5-8.6L1.4 3h6.6l4.5 5.7zm-1.1 16.2h1.8L6.8 4.7H4.9z',
  true,
);
export const LinkedInIcon = /* @__PURE__ */ pathIcon(
  'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z',
  true,
);
export const InstagramIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
  </Svg>
);
