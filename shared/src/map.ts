// The contact page's map: the setting `mapLocation` holds "latitude, longitude" in decimal
// degrees (e.g. "40.2262, 28.8724"), or '' for no map.
//
// Two steps, on purpose:
// - `parseMapLocation` is strict and accepts exactly what the database's check
//   `settings_map_location` accepts (supabase/migrations/20261122080200_content_tables.sql):
//   ASCII digits, a dot for decimals, an optional minus, one comma, spaces (U+0020) around the
//   numbers, latitude in [-90, 90], longitude in [-180, 180]. Both sides read the numbers as
//   IEEE doubles (JS Number, Postgres float8), so they agree at the range limits too.
// - `normalizeMapLocation` is lenient and runs in the console before validating and saving:
//   Arabic-Indic digits, the Arabic comma and decimal separator, odd spaces, and the
//   "40.2262° N, 28.8724° E" form some map apps copy become the strict form.
// So the database stays strict and only ever stores the plain form the public site parses.

export type MapLocation = { lat: number; lng: number };

/** Where the map comes from (the public site's security policy lets the contact page frame it). */
export const OSM_ORIGIN = 'https://www.openstreetmap.org';

/** The strict format: same pattern as the database check (at most 3 integer digits each). */
const MAP_LOCATION_PATTERN = /^ *(-?[0-9]{1,3}(?:\.[0-9]+)?) *, *(-?[0-9]{1,3}(?:\.[0-9]+)?) *$/;

/** "lat, lng" → the point, or null for '' (no map), anything malformed or out of range. */
export function parseMapLocation(value: unknown): MapLocation | null {
  if (typeof value !== 'string') return null;
  const match = MAP_LOCATION_PATTERN.exec(value);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) return null;
  // -0 (from "-0.0") reads as 0, so URLs never show "-0".
  return { lat: lat + 0, lng: lng + 0 };
}

/** Why a (normalized) value is not a location: 'format' or 'range'; null when it is one or empty. */
export function mapLocationProblem(value: string): 'format' | 'range' | null {
  if (value === '') return null;
  if (!MAP_LOCATION_PATTERN.test(value)) return 'format';
  return parseMapLocation(value) ? null : 'range';
}

const toAsciiDigits = (value: string): string =>
  value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

// One coordinate as people paste it: a number, optionally a degree sign and a hemisphere.
const LENIENT_PART = /^(-?[0-9]+(?:\.[0-9]+)?) ?(?:°|º)? ?([NSEW])?$/i;

/**
 * What the console saves for what a person typed or pasted: '' for blank; "lat, lng" with
 * ASCII digits when the input reads as coordinates (Arabic-Indic or Persian digits, '،' for
 * the comma, '٫' for the decimal point, "40.2262° N, 28.8724° E"); otherwise the trimmed
 * input unchanged, which `parseMapLocation` then refuses. Never changes the digits written.
 */
export function normalizeMapLocation(value: string): string {
  const text = toAsciiDigits(value)
    .replace(/\u060c/g, ',')
    .replace(/\u066b/g, '.')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return '';
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 2) return text;
  const lat = signed(parts[0], 'N', 'S');
  const lng = signed(parts[1], 'E', 'W');
  return lat !== null && lng !== null ? `${lat}, ${lng}` : text;
}

/** A coordinate with an optional hemisphere letter as a signed number (text), or null. */
function signed(part: string, positive: string, negative: string): string | null {
  const match = LENIENT_PART.exec(part);
  if (!match) return null;
  const [, number, hemisphere] = match;
  if (!hemisphere) return number;
  const h = hemisphere.toUpperCase();
  // A hemisphere of the other axis ("40 E, 28 N") or with a minus sign ("-40 S") is ambiguous.
  if ((h !== positive && h !== negative) || number.startsWith('-')) return null;
  return h === negative ? `-${number}` : number;
}

/** Metres per degree of latitude (mean Earth radius 6371 km). */
const METRES_PER_DEGREE = (2 * Math.PI * 6_371_000) / 360;

/** A coordinate for a URL: at most 6 decimals (about 0.1 m), no trailing zeros, never "-0". */
const coordinate = (n: number): string => String(Math.round(n * 1e6) / 1e6 + 0);

const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n));

/**
 * The OpenStreetMap embed (for an iframe) showing a box about `spanMetres` across (default
 * 1.5 km) centred on the place, with a marker on it. Near the poles and the antimeridian the
 * box is cut at the map's edges.
 */
export function osmEmbedUrl(loc: MapLocation, spanMetres = 1500): string {
  const half = spanMetres / 2;
  const dLat = half / METRES_PER_DEGREE;
  // A degree of longitude shrinks with the latitude; keep it finite at the poles.
  const dLng = Math.min(180, half / (METRES_PER_DEGREE * Math.max(Math.cos((loc.lat * Math.PI) / 180), 1e-6)));
  const bbox = [
    clamp(loc.lng - dLng, -180, 180),
    clamp(loc.lat - dLat, -90, 90),
    clamp(loc.lng + dLng, -180, 180),
    clamp(loc.lat + dLat, -90, 90),
  ]
    .map(coordinate)
    .join(',');
  const marker = `${coordinate(loc.lat)},${coordinate(loc.lng)}`;
  return `${OSM_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${marker}`;
}

/** A link that opens the place in OpenStreetMap with a marker on it (zoom 17). */
export function osmLinkUrl(loc: MapLocation): string {
  const lat = coordinate(loc.lat);
  const lng = coordinate(loc.lng);
  return `${OSM_ORIGIN}/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
