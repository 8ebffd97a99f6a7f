import { describe, expect, it } from 'vitest';
import { mapLocationProblem, normalizeMapLocation, osmEmbedUrl, osmLinkUrl, parseMapLocation } from './map';

describe('parseMapLocation', () => {
  it('reads "latitude, longitude" in decimal degrees', () => {
    expect(parseMapLocation('40.2262, 28.8724')).toEqual({ lat: 40.2262, lng: 28.8724 });
    expect(parseMapLocation('40.2262,28.8724')).toEqual({ lat: 40.2262, lng: 28.8724 });
    expect(parseMapLocation(' -33.8568 ,  151.2153 ')).toEqual({ lat: -33.8568, lng: 151.2153 });
    expect(parseMapLocation('41, 29')).toEqual({ lat: 41, lng: 29 });
    expect(parseMapLocation('40.226212345678, 28.872412345678')).toEqual({
      lat: 40.226212345678,
      lng: 28.872412345678,
    });
  });

  it('accepts the limits and nothing past them', () => {
    expect(parseMapLocation('90, 180')).toEqual({ lat: 90, lng: 180 });
    expect(parseMapLocation('-90, -180')).toEqual({ lat: -90, lng: -180 });
    expect(parseMapLocation('-0.0, -0')).toEqual({ lat: 0, lng: 0 });
    expect(Object.is(parseMapLocation('-0.0, -0')!.lat, -0)).toBe(false);
    expect(parseMapLocation('90.000001, 0')).toBeNull();
    expect(parseMapLocation('-90.5, 0')).toBeNull();
    expect(parseMapLocation('0, 180.1')).toBeNull();
    expect(parseMapLocation('0, -181')).toBeNull();
    expect(parseMapLocation('28.8724, 240.2262')).toBeNull();
  });

  it('is null for empty (no map) and for anything else, like the database check', () => {
    for (const value of [
      '',
      ' ',
      '40.2262',
      '40.2262, 28.8724, 3',
      '40.2262; 28.8724',
      '40.2262 28.8724',
      '40,2262, 28,8724',
      '+40.2262, 28.8724',
      '.5, 28',
      '40., 28',
      '1e1, 2',
      '0040.2, 28',
      'Görükle',
      'NaN, NaN',
      'Infinity, 0',
      '40.2262° N, 28.8724° E',
      '٤٠٫٢٢٦٢، ٢٨٫٨٧٢٤',
      '40.2262,\u00a028.8724',
      '40.2262,\t28.8724',
    ]) {
      expect(parseMapLocation(value), JSON.stringify(value)).toBeNull();
    }
    for (const value of [null, undefined, 40.2262, true, { lat: 40, lng: 28 }, ['40', '28']]) {
      expect(parseMapLocation(value)).toBeNull();
    }
  });

  it('tells a malformed value from an out-of-range one', () => {
    expect(mapLocationProblem('')).toBeNull();
    expect(mapLocationProblem('40.2262, 28.8724')).toBeNull();
    expect(mapLocationProblem('Bursa')).toBe('format');
    expect(mapLocationProblem('91, 28')).toBe('range');
    expect(mapLocationProblem('40, -200')).toBe('range');
  });
});

describe('normalizeMapLocation', () => {
  it('keeps the plain form, tidying spaces', () => {
    expect(normalizeMapLocation('40.2262, 28.8724')).toBe('40.2262, 28.8724');
    expect(normalizeMapLocation('  40.2262 ,28.8724\n')).toBe('40.2262, 28.8724');
    expect(normalizeMapLocation('40.2262,\u00a028.8724')).toBe('40.2262, 28.8724');
    expect(normalizeMapLocation('   ')).toBe('');
  });

  it('reads Arabic-Indic and Persian digits, the Arabic comma and decimal separator', () => {
    expect(normalizeMapLocation('٤٠٫٢٢٦٢، ٢٨٫٨٧٢٤')).toBe('40.2262, 28.8724');
    expect(normalizeMapLocation('۴۰.۲۲۶۲, ۲۸.۸۷۲۴')).toBe('40.2262, 28.8724');
    expect(normalizeMapLocation('-٣٣٫٨٥٦٨،١٥١٫٢١٥٣')).toBe('-33.8568, 151.2153');
  });

  it('reads degrees with hemispheres as some map apps copy them', () => {
    expect(normalizeMapLocation('40.2262° N, 28.8724° E')).toBe('40.2262, 28.8724');
    expect(normalizeMapLocation('33.8568°S, 151.2153°E')).toBe('-33.8568, 151.2153');
    expect(normalizeMapLocation('40.7128 n, 74.0060 w')).toBe('40.7128, -74.0060');
    // Ambiguous: the hemisphere of the other axis, or a minus sign with a hemisphere.
    expect(normalizeMapLocation('40.2262° E, 28.8724° N')).toBe('40.2262° E, 28.8724° N');
    expect(normalizeMapLocation('-40.2262° S, 28.8724° E')).toBe('-40.2262° S, 28.8724° E');
  });

  it('leaves what is not coordinates for the strict check to refuse', () => {
    for (const value of [
      'Görükle Campus',
      '40,2262, 28,8724',
      '40.2262 28.8724',
      'https://osm.org/#map=17/40.2/28.8',
    ]) {
      const normalized = normalizeMapLocation(value);
      expect(normalized).toBe(value);
      expect(parseMapLocation(normalized)).toBeNull();
    }
    expect(mapLocationProblem(normalizeMapLocation('٩١، ٢٨'))).toBe('range');
  });

  it('produces only values the strict parser accepts when they read as coordinates', () => {
    for (const value of ['٤٠٫٢٢٦٢، ٢٨٫٨٧٢٤', '40.2262° N, 28.8724° E', ' 40.2262 , 28.8724 ']) {
      expect(parseMapLocation(normalizeMapLocation(value))).toEqual({ lat: 40.2262, lng: 28.8724 });
    }
  });
});

describe('OpenStreetMap URLs', () => {
  const campus = { lat: 40.2262, lng: 28.8724 };

  it('embeds a box about 1.5 km across around the place, with a marker', () => {
    const url = new URL(osmEmbedUrl(campus));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(url.searchParams.get('layer')).toBe('mapnik');
    expect(url.searchParams.get('marker')).toBe('40.2262,28.8724');
    const [minLon, minLat, maxLon, maxLat] = url.searchParams.get('bbox')!.split(',').map(Number);
    expect(minLon).toBeLessThan(campus.lng);
    expect(maxLon).toBeGreaterThan(campus.lng);
    expect(minLat).toBeLessThan(campus.lat);
    expect(maxLat).toBeGreaterThan(campus.lat);
    // Centred, and 1.5 km both ways (a degree of longitude is cos(latitude) as long).
    expect((minLat + maxLat) / 2).toBeCloseTo(campus.lat, 5);
    expect((minLon + maxLon) / 2).toBeCloseTo(campus.lng, 5);
    const metresPerDegree = 111_195;
    expect((maxLat - minLat) * metresPerDegree).toBeCloseTo(1500, -1);
    expect((maxLon - minLon) * metresPerDegree * Math.cos((campus.lat * Math.PI) / 180)).toBeCloseTo(1500, -1);
  });

  it('takes another span, and writes plain decimals', () => {
    const url = osmEmbedUrl(campus, 3000);
    expect(url).toBe(
      'https://www.openstreetmap.org/export/embed.html?bbox=28.854732,40.21271,28.890068,40.23969&layer=mapnik&marker=40.2262,28.8724',
    );
    expect(osmEmbedUrl({ lat: 0.0000001, lng: -0.0000001 })).not.toMatch(/e-|-0[,&]|-0$/);
  });

  it('stays on the map near the poles and the antimeridian', () => {
    for (const loc of [
      { lat: 90, lng: 0 },
      { lat: -90, lng: 180 },
      { lat: 89.9999, lng: -179.9999 },
      { lat: 0, lng: 180 },
    ]) {
      const bbox = new URL(osmEmbedUrl(loc)).searchParams.get('bbox')!.split(',').map(Number);
      expect(bbox.every(Number.isFinite)).toBe(true);
      const [minLon, minLat, maxLon, maxLat] = bbox;
      expect(minLon).toBeGreaterThanOrEqual(-180);
      expect(maxLon).toBeLessThanOrEqual(180);
      expect(minLat).toBeGreaterThanOrEqual(-90);
      expect(maxLat).toBeLessThanOrEqual(90);
      expect(minLon).toBeLessThan(maxLon);
      expect(minLat).toBeLessThan(maxLat);
    }
  });

  it('links to the place on openstreetmap.org with a marker', () => {
    expect(osmLinkUrl(campus)).toBe('https://www.openstreetmap.org/?mlat=40.2262&mlon=28.8724#map=17/40.2262/28.8724');
    expect(osmLinkUrl({ lat: -33.85680049, lng: 151.2153 })).toBe(
      'https://www.openstreetmap.org/?mlat=-33.8568&mlon=151.2153#map=17/-33.8568/151.2153',
    );
  });
});
