// Generates the hero slides (webp, ≤ 60 KB each, and AVIF from the same drawing), the PNG app icons and the link-preview image (og-image.jpg) by drawing on a canvas
// in headless Chromium. Run: npx tsx public-site/scripts/generate-images.ts
// Patterns only (tatreez stitches, olive branches, the keffiyeh net), no people.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { HERO_AVIF_QUALITY, HERO_SMALL_WIDTH } from '../src/features/home/heroImages';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

const draw = String.raw`
const W = 1600, H = 900;
function canvas(w = W, h = H) { const c = document.createElement('canvas'); c.width = w; c.height = h; return c; }
function stitch(ctx, x, y, s, color) { ctx.strokeStyle = color; ctx.lineWidth = s / 3; ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + s, y + s); ctx.moveTo(x + s, y); ctx.lineTo(x, y + s); ctx.stroke(); }
function diamond(ctx, cx, cy, r, s, color) {
  for (let i = -r; i <= r; i++) { const span = r - Math.abs(i); for (let j = -span; j <= span; j++) if (Math.abs(j) === span || (i === 0)) stitch(ctx, cx + j * s, cy + i * s, s * 0.8, color); }
}
window.slides = [
  () => { // tatreez on deep green
    const c = canvas(), x = c.getContext('2d');
    const g = x.createLinearGradient(0, 0, W, H); g.addColorStop(0, '#004d26'); g.addColorStop(1, '#0b0f0d'); x.fillStyle = g; x.fillRect(0, 0, W, H);
    for (let cy = 60; cy < H + 100; cy += 180) for (let cx = (cy / 180) % 2 ? 90 : 0; cx < W + 100; cx += 180) diamond(x, cx, cy, 4, 14, 'rgba(206,17,38,0.55)');
    for (let cy = 150; cy < H; cy += 180) for (let cx = (cy / 180) % 2 ? 0 : 90; cx < W + 100; cx += 180) diamond(x, cx, cy, 2, 14, 'rgba(255,255,255,0.22)');
    const v = x.createRadialGradient(W / 2, H / 2, 100, W / 2, H / 2, 900); v.addColorStop(0, 'rgba(0,0,0,0)'); v.addColorStop(1, 'rgba(0,0,0,0.55)'); x.fillStyle = v; x.fillRect(0, 0, W, H);
    return c;
  },
  () => { // olive branches at dusk
    const c = canvas(), x = c.getContext('2d');
    const g = x.createLinearGradient(0, 0, 0, H); g.addColorStop(0, '#1f1d2b'); g.addColorStop(0.6, '#5c1a1f'); g.addColorStop(1, '#ce1126'); x.fillStyle = g; x.fillRect(0, 0, W, H);
    x.fillStyle = 'rgba(255,214,170,0.35)'; x.beginPath(); x.arc(1180, 560, 170, 0, Math.PI * 2); x.fill();
    function branch(bx, by, len, angle, scale) {
      x.save(); x.translate(bx, by); x.rotate(angle); x.strokeStyle = '#0d2618'; x.lineWidth = 8 * scale; x.beginPath(); x.moveTo(0, 0); x.quadraticCurveTo(len / 2, -30 * scale, len, 0); x.stroke();
      for (let t = 40 * scale; t < len; t += 46 * scale) for (const side of [-1, 1]) {
        x.save(); x.translate(t, -8 * scale); x.rotate(side * 0.7); x.fillStyle = side > 0 ? '#123d24' : '#0f3320'; x.beginPath(); x.ellipse(26 * scale, 0, 30 * scale, 9 * scale, 0, 0, Math.PI * 2); x.fill(); x.restore();
      }
      x.fillStyle = '#1b1b1b'; for (let t = 90 * scale; t < len; t += 130 * scale) { x.beginPath(); x.ellipse(t, 18 * scale, 9 * scale, 12 * scale, 0, 0, Math.PI * 2); x.fill(); }
      x.restore();
    }
    branch(-40, 760, 900, -0.35, 1.3); branch(1650, 120, 800, Math.PI + 0.35, 1.1); branch(200, 980, 700, -0.9, 1);
    x.fillStyle = '#050505'; x.beginPath(); x.moveTo(0, H); for (let i = 0; i <= W; i += 40) x.lineTo(i, H - 70 - 40 * Math.sin(i / 210) - 25 * Math.sin(i / 57)); x.lineTo(W, H); x.fill();
    return c;
  },
  () => { // keffiyeh net with the flag's bands
    const c = canvas(), x = c.getContext('2d');
    x.fillStyle = '#f4f1ea'; x.fillRect(0, 0, W, H);
    // The net is drawn slightly soft: crisp thin lines would cost many kilobytes in webp.
    x.filter = 'blur(2px)'; x.strokeStyle = '#2a2a2a'; x.lineWidth = 10;
    for (let i = -H; i < W + H; i += 90) { x.beginPath(); x.moveTo(i, 0); x.lineTo(i + H, H); x.stroke(); x.beginPath(); x.moveTo(i + H, 0); x.lineTo(i, H); x.stroke(); }
    x.filter = 'none';
    const bands = [['#141414', 0], ['#f4f1ea', 1], ['#007a3d', 2]];
    for (const [color, k] of bands) { x.fillStyle = color; x.fillRect(0, 640 + k * 60, W, 60); }
    x.fillStyle = '#ce1126'; x.beginPath(); x.moveTo(0, 640); x.lineTo(260, 730); x.lineTo(0, 820); x.fill();
    const v = x.createLinearGradient(0, 0, 0, H); v.addColorStop(0, 'rgba(0,0,0,0.35)'); v.addColorStop(1, 'rgba(0,0,0,0.1)'); x.fillStyle = v; x.fillRect(0, 0, W, H);
    return c;
  },
];
window.encode = async (c, type, quality) => c.toDataURL(type, quality).split(',')[1];
// A slide drawn at full size, scaled down for phones.
window.scaled = (c, width) => { const s = canvas(width, Math.round((c.height * width) / c.width)); s.getContext('2d').drawImage(c, 0, 0, s.width, s.height); return s; };
// The link-preview image (1200×630, the size Open Graph and X cards ask for): the first slide's
// tatreez behind the union's mark and the flag's band. No words, so it suits every language.
window.shareImage = async () => {
  const w = 1200, h = 630, c = canvas(w, h), x = c.getContext('2d');
  const slide = window.slides[0]();
  x.drawImage(slide, 0, (h - w * (H / W)) / 2, w, w * (H / W));
  const img = new Image(); img.src = 'data:image/svg+xml;base64,' + btoa(window.logoSvg); await img.decode();
  x.fillStyle = 'rgba(0,0,0,0.35)'; x.beginPath(); x.arc(w / 2, h / 2 - 20, 190, 0, Math.PI * 2); x.fill();
  x.drawImage(img, w / 2 - 160, h / 2 - 180, 320, 320);
  const bands = ['#000000', '#ffffff', '#007a3d', '#ce1126'];
  bands.forEach((color, i) => { x.fillStyle = color; x.fillRect((w / 4) * i, h - 16, w / 4, 16); });
  return c;
};
window.icon = async (size) => {
  const img = new Image(); img.src = 'data:image/svg+xml;base64,' + btoa(${JSON.stringify('')} + window.logoSvg); await img.decode();
  const c = canvas(size, size), x = c.getContext('2d'); x.fillStyle = '#111827'; x.fillRect(0, 0, size, size);
  const pad = size * 0.12; x.drawImage(img, pad, pad, size - 2 * pad, size - 2 * pad); return c;
};
`;

// The drawing helpers live in the page (window.slides, window.encode, window.icon).
type PageHelpers = {
  slides: (() => HTMLCanvasElement)[];
  encode: (canvas: HTMLCanvasElement, type: string, quality?: number) => Promise<string>;
  scaled: (canvas: HTMLCanvasElement, width: number) => HTMLCanvasElement;
  icon: (size: number) => Promise<HTMLCanvasElement>;
  shareImage: () => Promise<HTMLCanvasElement>;
  logoSvg: string;
};

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.setContent('<html><body></body></html>');
await page.addScriptTag({ content: draw });
mkdirSync(join(out, 'hero'), { recursive: true });
for (let i = 0; i < 3; i++) {
  let quality = 0.8;
  let data = '';
  // Step the quality down until the slide fits the 60 KB budget.
  for (; quality > 0.3; quality -= 0.05) {
    data = await page.evaluate(
      ([n, q]) =>
        (window as unknown as PageHelpers).encode((window as unknown as PageHelpers).slides[n]!(), 'image/webp', q),
      [i, quality] as const,
    );
    if (Buffer.from(data, 'base64').length <= 60_000) break;
  }
  writeFileSync(join(out, 'hero', `hero-${i + 1}.webp`), Buffer.from(data, 'base64'));
  console.log(`hero-${i + 1}.webp`, Buffer.from(data, 'base64').length, 'bytes, quality', quality.toFixed(2));
  // The phone size (srcset in Hero.tsx): 800 px wide covers a 412 px screen at 2x.
  const small = await page.evaluate(
    ([n, q, width]) => {
      const h = window as unknown as PageHelpers;
      return h.encode(h.scaled(h.slides[n]!(), width), 'image/webp', q);
    },
    [i, quality, HERO_SMALL_WIDTH] as const,
  );
  writeFileSync(join(out, 'hero', `hero-${i + 1}-${HERO_SMALL_WIDTH}.webp`), Buffer.from(small, 'base64'));
  console.log(`hero-${i + 1}-${HERO_SMALL_WIDTH}.webp`, Buffer.from(small, 'base64').length, 'bytes');
  // AVIF, about half the bytes of the webp at the same look (the hero is under a dark veil): from
  // a lossless PNG of the drawing, at both widths. Chromium's canvas does not encode AVIF; sharp does.
  const png = Buffer.from(
    await page.evaluate(
      (n) => (window as unknown as PageHelpers).encode((window as unknown as PageHelpers).slides[n]!(), 'image/png'),
      i,
    ),
    'base64',
  );
  for (const [name, width] of [
    [`hero-${i + 1}.avif`, undefined],
    [`hero-${i + 1}-${HERO_SMALL_WIDTH}.avif`, HERO_SMALL_WIDTH],
  ] as const) {
    const avif = await sharp(png).resize(width).avif({ quality: HERO_AVIF_QUALITY, effort: 6 }).toBuffer();
    writeFileSync(join(out, 'hero', name), avif);
    console.log(name, avif.length, 'bytes');
  }
}
const { readFileSync } = await import('node:fs');
await page.evaluate(
  (svg) => ((window as unknown as PageHelpers).logoSvg = svg),
  readFileSync(join(out, 'logo.svg'), 'utf8'),
);
for (const size of [192, 512]) {
  const data = await page.evaluate(
    async (s) =>
      (window as unknown as PageHelpers).encode(await (window as unknown as PageHelpers).icon(s), 'image/png'),
    size,
  );
  writeFileSync(join(out, `icon-${size}.png`), Buffer.from(data, 'base64'));
}
const share = await page.evaluate(async () =>
  (window as unknown as PageHelpers).encode(await (window as unknown as PageHelpers).shareImage(), 'image/jpeg', 0.82),
);
writeFileSync(join(out, 'og-image.jpg'), Buffer.from(share, 'base64'));
console.log('og-image.jpg', Buffer.from(share, 'base64').length, 'bytes');
await browser.close();
