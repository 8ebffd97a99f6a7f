// stylis ships no types; only its prefixer plugin is used (layout/theme.ts).
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
}
