// The default avatars the site shows for a board member without a photo (by gender), as
// inline SVG so they need no upload.
const svg = (hair: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#1f2937"/><circle cx="60" cy="48" r="24" fill="#9ca3af"/>${hair}<path d="M20 110c4-24 20-36 40-36s36 12 40 36z" fill="#9ca3af"/></svg>`,
  )}`;
export const DEFAULT_AVATARS = {
  male: svg('<path d="M36 44c0-16 12-24 24-24s24 8 24 24c-6-8-14-10-24-10s-18 2-24 10z" fill="#4b5563"/>'),
  female: svg(
    '<path d="M34 52c-2-22 10-34 26-34s28 12 26 34c0 10 4 20 8 26-10-2-16-10-18-20-4-8-10-12-16-12s-12 4-16 12c-2 10-8 18-18 20 4-6 8-16 8-26z" fill="#4b5563"/>',
  ),
} as const;
