// The icons the first screen of a page shows (header, menus, the home page's hero), and the
// drawing every icon shares: in the site's first download. The others are in Icon.tsx, which loads
// with the parts below the first screen, so the first download does not carry the whole set.
/*! Icons drawn after Feather Icons (https://feathericons.com), MIT licence, Copyright (c) 2014-2017
 * Cole Bemis: the notice ships with the site at /licenses/feather-icons.txt. */
export const FIRST_SCREEN_ICONS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  sun: 'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66 1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14-1.41-1.41M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
  globe: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-10 10h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z',
  shield: 'M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5l8-3zm-3 10 2 2 4-4',
  login: 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3',
  users:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm13 10v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75',
  book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5v15zm0 0A2.5 2.5 0 0 0 6.5 22H20v-5',
  check: 'M20 6 9 17l-5-5',
  arrow: 'M5 12h14m-6-6 6 6-6 6',
} as const;

export type FirstScreenIconName = keyof typeof FIRST_SCREEN_ICONS;

export interface IconProps {
  className?: string;
  filled?: boolean;
}

/** An icon of the first screen (Icon.tsx draws any icon, by name). */
export function FirstScreenIcon({ name, ...props }: IconProps & { name: FirstScreenIconName }) {
  return <IconPath d={FIRST_SCREEN_ICONS[name]} {...props} />;
}

/** One stroke icon, 24×24, drawn by its path; decorative (the control around it is labelled). */
export function IconPath({ d, className = 'size-5', filled = false }: IconProps & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
