// Generates the small demo images the seed references (run once: `npx tsx supabase/seed-images/generate.ts`).
// Plain PNG written with zlib: a gradient in the union's colours with a few shapes, so the
// site looks like a site without shipping real photos.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

type RGB = [number, number, number];
interface Shape { kind: 'circle' | 'band'; x: number; y: number; r: number; color: RGB; }

function png(width: number, height: number, from: RGB, to: RGB, shapes: Shape[]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let c: RGB = [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t)) as RGB;
      for (const s of shapes) {
        const inside = s.kind === 'circle'
          ? (x - s.x) ** 2 + (y - s.y) ** 2 <= s.r ** 2
          : Math.abs(y - s.y - (x - s.x) * 0.25) <= s.r;
        if (inside) c = c.map((v, i) => Math.round(v * 0.35 + s.color[i]! * 0.65)) as RGB;
      }
      raw.set(c, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const green: RGB = [0, 122, 61], red: RGB = [206, 17, 38], black: RGB = [17, 24, 39], white: RGB = [245, 245, 240];
const olive: RGB = [128, 128, 0], sand: RGB = [222, 196, 150], sky: RGB = [56, 120, 190];

const images: Record<string, () => Buffer> = {
  'event-gathering.png': () => png(480, 270, black, green, [
    { kind: 'circle', x: 140, y: 135, r: 60, color: white }, { kind: 'circle', x: 300, y: 150, r: 45, color: red }]),
  'event-workshop.png': () => png(480, 270, sand, red, [
    { kind: 'band', x: 0, y: 80, r: 14, color: black }, { kind: 'band', x: 0, y: 170, r: 14, color: green }]),
  'event-culture.png': () => png(480, 270, red, black, [
    { kind: 'circle', x: 360, y: 90, r: 50, color: sand }, { kind: 'band', x: 0, y: 210, r: 20, color: white }]),
  'event-outdoor.png': () => png(480, 270, sky, olive, [
    { kind: 'circle', x: 100, y: 70, r: 35, color: [250, 220, 90] }, { kind: 'band', x: 0, y: 220, r: 30, color: green }]),
  'member-1.png': () => png(240, 240, green, black, [
    { kind: 'circle', x: 120, y: 95, r: 45, color: sand }, { kind: 'circle', x: 120, y: 240, r: 85, color: white }]),
  'member-2.png': () => png(240, 240, red, black, [
    { kind: 'circle', x: 120, y: 95, r: 45, color: sand }, { kind: 'circle', x: 120, y: 240, r: 85, color: green }]),
  'member-3.png': () => png(240, 240, sky, black, [
    { kind: 'circle', x: 120, y: 95, r: 45, color: sand }, { kind: 'circle', x: 120, y: 240, r: 85, color: red }]),
  'book-1.png': () => png(200, 300, black, green, [
    { kind: 'band', x: 0, y: 60, r: 8, color: white }, { kind: 'circle', x: 100, y: 180, r: 40, color: red }]),
  'book-2.png': () => png(200, 300, sand, olive, [
    { kind: 'band', x: 0, y: 240, r: 10, color: black }, { kind: 'circle', x: 100, y: 120, r: 50, color: green }]),
  'achievement-1.png': () => png(480, 270, olive, black, [
    { kind: 'circle', x: 240, y: 135, r: 70, color: [230, 180, 40] }, { kind: 'circle', x: 240, y: 135, r: 40, color: white }]),
  'achievement-2.png': () => png(480, 270, green, sky, [
    { kind: 'band', x: 0, y: 135, r: 25, color: white }, { kind: 'circle', x: 380, y: 80, r: 40, color: red }]),
};

for (const [name, make] of Object.entries(images)) {
  const buf = make();
  fs.writeFileSync(path.join(here, name), buf);
  console.log(name, buf.length, 'bytes');
}
