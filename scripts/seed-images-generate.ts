// Draws the demo images the seed uploads (supabase/seed-images/upload.ts) and writes them into
// that folder as WebP: every main image at the size its object name states and its small
// variant, named `<picture>-<W>x<H>.webp`. Node has no WebP encoder, so the pictures are drawn on a canvas in
// headless Chromium (as public-site/scripts/generate-images.ts draws the hero slides).
// Illustrations in the union's colours, no people's faces and no real photos; deterministic,
// so running it again rewrites the same files. Files no longer used are removed.
// Run: npx tsx scripts/seed-images-generate.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './lib/chromium.js';
import { seedObjects, type SeedObject } from '../supabase/seed-images/upload.js';

/** supabase/seed-images: the images beside the seed hook that uploads them. */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../supabase/seed-images');

/** Byte budgets: a phone on a slow connection loads the small variant; a large screen the main. */
const MAX_MAIN_BYTES = 60_000;
const MAX_SMALL_BYTES = 15_000;

// Each picture is drawn in its own base size (events and achievements 1600x900, portraits and
// logos 800x800, covers 600x900) and scaled to the size asked for.
const draw = String.raw`
const C = { green: '#007a3d', red: '#ce1126', black: '#141414', white: '#f4f1ea', olive: '#6b7a2a', sand: '#dec496', sky: '#3878be', gold: '#e6b428' };
function rng(seed) { return () => { seed = (seed * 1664525 + 1013904223) >>> 0; return seed / 4294967296; }; }
function gradient(x, x0, y0, x1, y1, stops) { const g = x.createLinearGradient(x0, y0, x1, y1); stops.forEach(([o, c]) => g.addColorStop(o, c)); return g; }
function radial(x, cx, cy, r0, r1, stops) { const g = x.createRadialGradient(cx, cy, r0, cx, cy, r1); stops.forEach(([o, c]) => g.addColorStop(o, c)); return g; }
function fill(x, style, path) { x.fillStyle = style; x.beginPath(); path(); x.fill(); }
function ellipse(x, cx, cy, rx, ry, style) { fill(x, style, () => x.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2)); }
function stitch(x, px, py, s, color) { x.strokeStyle = color; x.lineWidth = s / 3.5; x.lineCap = 'round'; x.beginPath(); x.moveTo(px, py); x.lineTo(px + s, py + s); x.moveTo(px + s, py); x.lineTo(px, py + s); x.stroke(); }
function diamond(x, cx, cy, r, s, color) {
  for (let i = -r; i <= r; i++) { const span = r - Math.abs(i); for (let j = -span; j <= span; j++) if (Math.abs(j) === span || i === 0) stitch(x, cx + j * s, cy + i * s, s * 0.8, color); }
}
function person(x, cx, base, h, color) { // a silhouette from behind: head and shoulders
  ellipse(x, cx, base - h * 0.78, h * 0.13, h * 0.15, color);
  fill(x, color, () => { x.moveTo(cx - h * 0.3, base); x.quadraticCurveTo(cx - h * 0.3, base - h * 0.55, cx, base - h * 0.58); x.quadraticCurveTo(cx + h * 0.3, base - h * 0.55, cx + h * 0.3, base); });
}
function hills(x, W, y, amp, freq, phase, color) {
  fill(x, color, () => { x.moveTo(0, 900); for (let i = 0; i <= W; i += 20) x.lineTo(i, y - amp * Math.sin(i / freq + phase) - amp * 0.4 * Math.sin(i / (freq * 0.37) + phase)); x.lineTo(W, 900); });
}
function olive(x, tx, ty, s) { // an olive tree: twisted trunk, clusters of leaves
  fill(x, '#5a4330', () => { x.moveTo(tx - 18 * s, ty); x.bezierCurveTo(tx - 30 * s, ty - 80 * s, tx + 20 * s, ty - 110 * s, tx - 6 * s, ty - 190 * s); x.lineTo(tx + 14 * s, ty - 190 * s); x.bezierCurveTo(tx + 40 * s, ty - 110 * s, tx + 4 * s, ty - 70 * s, tx + 22 * s, ty); });
  const r = rng(Math.round(tx));
  for (let i = 0; i < 9; i++) ellipse(x, tx + (r() - 0.5) * 230 * s, ty - 220 * s + (r() - 0.5) * 120 * s, (60 + r() * 40) * s, (42 + r() * 24) * s, i % 2 ? '#6f7d3c' : '#86964b');
  for (let i = 0; i < 14; i++) ellipse(x, tx + (r() - 0.5) * 200 * s, ty - 220 * s + (r() - 0.5) * 100 * s, 7 * s, 9 * s, '#2b2f1a');
}
function titleBars(x, top, widths, color) { widths.forEach((w, i) => { x.fillStyle = color; x.fillRect((600 - w) / 2, top + i * 46, w, 26); }); }

const pictures = {
  'event-gathering': [1600, 900, (x) => { // an evening under string lights
    x.fillStyle = gradient(x, 0, 0, 0, 900, [[0, '#0a1422'], [0.55, '#123628'], [1, '#0c1f17']]); x.fillRect(0, 0, 1600, 900);
    x.fillStyle = radial(x, 800, 620, 50, 700, [[0, 'rgba(255,190,110,0.45)'], [1, 'rgba(255,190,110,0)']]); x.fillRect(0, 0, 1600, 900);
    for (const [y0, sag] of [[90, 120], [210, 90]]) {
      x.strokeStyle = '#050a08'; x.lineWidth = 3; x.beginPath(); x.moveTo(-20, y0); x.quadraticCurveTo(800, y0 + sag * 2, 1620, y0); x.stroke();
      for (let t = 0.03; t < 1; t += 0.06) {
        const px = -20 + 1640 * t, py = (1 - t) ** 2 * y0 + 2 * t * (1 - t) * (y0 + sag * 2) + t * t * y0;
        ellipse(x, px, py + 14, 34, 34, radial(x, px, py + 14, 2, 34, [[0, 'rgba(255,214,140,0.9)'], [1, 'rgba(255,214,140,0)']]));
        ellipse(x, px, py + 14, 8, 10, '#ffe2a8');
      }
    }
    const r = rng(7);
    for (let row = 0; row < 2; row++) for (let i = 0; i < 9; i++) person(x, 60 + i * 185 + row * 90 + r() * 40, 900 + row * 20, 330 - row * 60 + r() * 50, row ? '#07110c' : '#0d1a14');
  }],
  'event-workshop': [1600, 900, (x) => { // an embroidery hoop with tatreez
    x.fillStyle = gradient(x, 0, 0, 1600, 900, [[0, '#efe5cf'], [1, '#d9c7a1']]); x.fillRect(0, 0, 1600, 900);
    x.fillStyle = '#a8743f'; x.fillRect(0, 720, 1600, 180); x.fillStyle = 'rgba(0,0,0,0.12)'; x.fillRect(0, 720, 1600, 14);
    ellipse(x, 800, 430, 330, 330, '#fbf8f0');
    x.save(); x.beginPath(); x.arc(800, 430, 318, 0, Math.PI * 2); x.clip();
    diamond(x, 800, 430, 5, 26, C.red); diamond(x, 800, 430, 2, 26, C.green);
    for (const cx of [560, 1040]) diamond(x, cx, 430, 2, 22, C.black);
    for (let i = 0; i < 30; i++) { stitch(x, 480 + i * 22, 190, 18, C.green); stitch(x, 480 + i * 22, 660, 18, C.green); }
    x.restore();
    x.strokeStyle = '#b8844d'; x.lineWidth = 28; x.beginPath(); x.arc(800, 430, 330, 0, Math.PI * 2); x.stroke();
    x.fillStyle = '#8c5f33'; x.fillRect(780, 80, 40, 40);
    [[260, C.red], [380, C.green], [1240, C.black], [1360, C.gold]].forEach(([cx, color]) => {
      x.fillStyle = '#c9a878'; x.fillRect(cx - 48, 610, 96, 14); x.fillRect(cx - 48, 756, 96, 14);
      x.fillStyle = color; x.fillRect(cx - 40, 624, 80, 132);
    });
    x.strokeStyle = '#8a8a8a'; x.lineWidth = 5; x.beginPath(); x.moveTo(1090, 250); x.lineTo(1300, 120); x.stroke();
    x.strokeStyle = C.red; x.lineWidth = 3; x.beginPath(); x.moveTo(1300, 120); x.bezierCurveTo(1420, 60, 1460, 260, 1360, 330); x.stroke();
  }],
  'event-culture': [1600, 900, (x) => { // a heritage night: dabke on stage
    x.fillStyle = gradient(x, 0, 0, 0, 900, [[0, '#2a0a0e'], [0.7, '#6d0f1b'], [1, '#1b0508']]); x.fillRect(0, 0, 1600, 900);
    for (const cx of [380, 800, 1220]) fill(x, 'rgba(255,236,200,0.13)', () => { x.moveTo(cx - 40, 0); x.lineTo(cx + 40, 0); x.lineTo(cx + 260, 760); x.lineTo(cx - 260, 760); });
    x.fillStyle = '#120305'; x.fillRect(0, 760, 1600, 140);
    const flags = [C.black, C.white, C.green, C.red];
    x.strokeStyle = '#0a0a0a'; x.lineWidth = 3; x.beginPath(); x.moveTo(0, 60); x.quadraticCurveTo(800, 170, 1600, 60); x.stroke();
    for (let i = 0; i < 20; i++) { const t = (i + 0.5) / 20, px = 1600 * t, py = 60 + 2 * t * (1 - t) * 110; fill(x, flags[i % 4], () => { x.moveTo(px - 30, py); x.lineTo(px + 30, py); x.lineTo(px, py + 58); }); }
    for (let i = 0; i < 7; i++) { // dancers in a line, hands joined
      const cx = 290 + i * 170, lift = i % 2 ? 0 : 26, s = '#0b0b0b';
      ellipse(x, cx, 470, 30, 34, s);
      fill(x, s, () => { x.moveTo(cx - 46, 512); x.lineTo(cx + 46, 512); x.lineTo(cx + 62, 680); x.lineTo(cx - 62, 680); });
      x.strokeStyle = s; x.lineWidth = 18; x.lineCap = 'round';
      x.beginPath(); x.moveTo(cx - 40, 530); x.lineTo(cx - 85, 600); x.moveTo(cx + 40, 530); x.lineTo(cx + 85, 600); x.stroke();
      x.beginPath(); x.moveTo(cx - 24, 676); x.lineTo(cx - 30 - lift, 760 - lift); x.moveTo(cx + 24, 676); x.lineTo(cx + 30, 760); x.stroke();
      x.strokeStyle = C.red; x.lineWidth = 10; x.beginPath(); x.moveTo(cx - 50, 585); x.lineTo(cx + 50, 585); x.stroke();
    }
  }],
  'event-outdoor': [1600, 900, (x) => { // olive trees on a hillside
    x.fillStyle = gradient(x, 0, 0, 0, 900, [[0, '#5b9bd5'], [0.6, '#cfe3f1'], [1, '#f3e9cf']]); x.fillRect(0, 0, 1600, 900);
    ellipse(x, 1260, 170, 220, 220, radial(x, 1260, 170, 60, 220, [[0, 'rgba(255,236,150,0.9)'], [1, 'rgba(255,236,150,0)']]));
    ellipse(x, 1260, 170, 70, 70, '#ffe27a');
    hills(x, 1600, 560, 40, 260, 0.5, '#9bb06a'); hills(x, 1600, 660, 34, 190, 2.1, '#7d9448'); hills(x, 1600, 780, 24, 150, 4, '#5f7a33');
    olive(x, 300, 700, 1.25); olive(x, 760, 640, 0.8); olive(x, 1120, 760, 1.45);
  }],
  'member-1': [800, 800, (x) => portrait(x, [C.green, '#0b2a1b'], '#2a2f3a', 'short')],
  'member-2': [800, 800, (x) => portrait(x, [C.red, '#3b0910'], '#1f3b2e', 'scarf')],
  'member-3': [800, 800, (x) => portrait(x, [C.sky, '#102238'], '#6b2a35', 'long')],
  'partner-1': [800, 800, (x) => { // a globe: an international office's emblem
    x.fillStyle = C.white; x.fillRect(0, 0, 800, 800);
    ellipse(x, 400, 400, 270, 270, C.sky);
    x.strokeStyle = C.white; x.lineWidth = 16;
    for (const rx of [90, 190]) { x.beginPath(); x.ellipse(400, 400, rx, 270, 0, 0, Math.PI * 2); x.stroke(); }
    for (const dy of [-150, 0, 150]) { const w = Math.sqrt(270 * 270 - dy * dy); x.beginPath(); x.moveTo(400 - w, 400 + dy); x.lineTo(400 + w, 400 + dy); x.stroke(); }
  }],
  'partner-2': [800, 800, (x) => { // a tatreez diamond: a heritage association's emblem
    x.fillStyle = '#fbf8f0'; x.fillRect(0, 0, 800, 800);
    diamond(x, 400, 400, 6, 34, C.red); diamond(x, 400, 400, 3, 34, C.green); diamond(x, 400, 400, 1, 34, C.black);
    x.strokeStyle = C.green; x.lineWidth = 20; x.strokeRect(60, 60, 680, 680);
  }],
  'partner-3': [800, 800, (x) => { // a bowl under an olive branch: a food bank's emblem
    x.fillStyle = C.green; x.fillRect(0, 0, 800, 800);
    fill(x, C.sand, () => { x.moveTo(170, 430); x.lineTo(630, 430); x.bezierCurveTo(620, 600, 520, 660, 400, 660); x.bezierCurveTo(280, 660, 180, 600, 170, 430); });
    x.strokeStyle = '#5a4330'; x.lineWidth = 12; x.beginPath(); x.moveTo(250, 330); x.quadraticCurveTo(400, 230, 560, 300); x.stroke();
    for (let i = 0; i < 6; i++) { x.save(); x.translate(280 + i * 50, 300 - Math.sin(i / 2) * 40); x.rotate(i % 2 ? 0.6 : -0.6); ellipse(x, 0, i % 2 ? 22 : -22, 36, 12, '#a9bd62'); x.restore(); }
    ellipse(x, 400, 430, 230, 26, '#c9a878');
  }],
  'book-1': [600, 900, (x) => { // desert under a red sun
    x.fillStyle = gradient(x, 0, 0, 0, 900, [[0, '#1d1d1d'], [0.45, '#7a1f14'], [0.62, '#d8742c'], [1, '#e7c27c']]); x.fillRect(0, 0, 600, 900);
    ellipse(x, 300, 500, 120, 120, '#f4b23c');
    fill(x, '#c99a55', () => { x.moveTo(0, 900); x.lineTo(0, 640); x.quadraticCurveTo(200, 560, 380, 650); x.quadraticCurveTo(500, 700, 600, 620); x.lineTo(600, 900); });
    fill(x, '#a97a3c', () => { x.moveTo(0, 900); x.lineTo(0, 760); x.quadraticCurveTo(300, 660, 600, 770); x.lineTo(600, 900); });
    fill(x, '#3a3a3a', () => { x.moveTo(250, 700); x.lineTo(360, 700); x.lineTo(372, 738); x.lineTo(238, 738); });
    titleBars(x, 90, [420, 300], C.white); x.fillStyle = C.sand; x.fillRect(200, 830, 200, 18);
    x.strokeStyle = 'rgba(244,241,234,0.6)'; x.lineWidth = 4; x.strokeRect(24, 24, 552, 852);
  }],
  'book-2': [600, 900, (x) => { // a house key by the sea
    x.fillStyle = gradient(x, 0, 0, 600, 900, [[0, '#e4d2a8'], [1, '#8d8a43']]); x.fillRect(0, 0, 600, 900);
    fill(x, '#2f6f9f', () => { x.moveTo(0, 900); x.lineTo(0, 700); for (let i = 0; i <= 600; i += 10) x.lineTo(i, 700 + 12 * Math.sin(i / 30)); x.lineTo(600, 900); });
    fill(x, '#24557a', () => { x.moveTo(0, 900); x.lineTo(0, 780); for (let i = 0; i <= 600; i += 10) x.lineTo(i, 780 + 10 * Math.sin(i / 24 + 1)); x.lineTo(600, 900); });
    x.strokeStyle = C.black; x.lineWidth = 34; x.beginPath(); x.arc(300, 330, 82, 0, Math.PI * 2); x.stroke();
    x.fillStyle = C.black; x.fillRect(283, 412, 34, 230); x.fillRect(317, 560, 60, 26); x.fillRect(317, 606, 44, 26);
    titleBars(x, 80, [380, 260], C.black); x.fillStyle = C.red; x.fillRect(210, 835, 180, 16);
  }],
  'achievement-1': [1600, 900, (x) => { // a trophy between olive branches
    x.fillStyle = gradient(x, 0, 0, 1600, 900, [[0, '#59641f'], [1, '#121410']]); x.fillRect(0, 0, 1600, 900);
    ellipse(x, 800, 420, 520, 420, radial(x, 800, 420, 40, 520, [[0, 'rgba(255,220,120,0.35)'], [1, 'rgba(255,220,120,0)']]));
    const gold = gradient(x, 640, 0, 960, 0, [[0, '#b8860b'], [0.45, '#ffd766'], [1, '#a8740a']]);
    x.strokeStyle = gold; x.lineWidth = 26; x.beginPath(); x.arc(640, 330, 70, Math.PI * 0.5, Math.PI * 1.5); x.stroke(); x.beginPath(); x.arc(960, 330, 70, -Math.PI * 0.5, Math.PI * 0.5); x.stroke();
    fill(x, gold, () => { x.moveTo(620, 230); x.lineTo(980, 230); x.bezierCurveTo(980, 470, 880, 540, 800, 550); x.bezierCurveTo(720, 540, 620, 470, 620, 230); });
    x.fillStyle = gold; x.fillRect(775, 545, 50, 90); x.fillRect(700, 630, 200, 40); x.fillStyle = '#3b2a12'; x.fillRect(660, 670, 280, 70);
    ellipse(x, 800, 360, 46, 46, C.white); ellipse(x, 800, 360, 30, 30, C.gold);
    for (const side of [-1, 1]) for (let i = 0; i < 8; i++) {
      const a = Math.PI / 2 + side * (0.35 + i * 0.2), px = 800 + side * Math.cos(a - Math.PI / 2) * 0 + Math.cos(a) * 380, py = 420 + Math.sin(a) * 300;
      x.save(); x.translate(px, py); x.rotate(a + side * 1.2); ellipse(x, 0, 0, 44, 13, i % 2 ? '#8fa34f' : '#a9bd62'); x.restore();
    }
  }],
  'achievement-2': [1600, 900, (x) => { // a rosette and confetti
    x.fillStyle = gradient(x, 0, 0, 1600, 900, [[0, '#00663a'], [1, '#2f6fae']]); x.fillRect(0, 0, 1600, 900);
    x.save(); x.translate(800, 400);
    for (let i = 0; i < 16; i++) { x.rotate(Math.PI / 8); fill(x, 'rgba(255,255,255,0.07)', () => { x.moveTo(0, 0); x.lineTo(-60, -900); x.lineTo(60, -900); }); }
    x.restore();
    fill(x, C.red, () => { x.moveTo(730, 480); x.lineTo(690, 760); x.lineTo(745, 720); x.lineTo(790, 780); x.lineTo(800, 500); });
    fill(x, C.green, () => { x.moveTo(870, 480); x.lineTo(910, 760); x.lineTo(855, 720); x.lineTo(810, 780); x.lineTo(800, 500); });
    for (let i = 0; i < 24; i++) { const a = (i / 24) * Math.PI * 2; ellipse(x, 800 + Math.cos(a) * 150, 400 + Math.sin(a) * 150, 42, 42, i % 2 ? C.white : '#e9e3d3'); }
    ellipse(x, 800, 400, 150, 150, C.gold); ellipse(x, 800, 400, 112, 112, '#f6d36b');
    fill(x, C.white, () => { for (let i = 0; i < 10; i++) { const a = -Math.PI / 2 + (i * Math.PI) / 5, r = i % 2 ? 34 : 80; x.lineTo(800 + Math.cos(a) * r, 400 + Math.sin(a) * r); } x.closePath(); });
    const r = rng(11), colors = [C.red, C.white, C.black, C.gold, '#7fd1a0'];
    for (let i = 0; i < 60; i++) { x.save(); x.translate(r() * 1600, r() * 900); x.rotate(r() * 3); x.fillStyle = colors[i % 5]; x.fillRect(-9, -4, 18, 8); x.restore(); }
  }],
};
function portrait(x, [bg, dark], clothes, hair) { // an avatar: head and shoulders, no face
  x.fillStyle = radial(x, 400, 300, 40, 620, [[0, bg], [1, dark]]); x.fillRect(0, 0, 800, 800);
  const skin = '#c89b76';
  if (hair === 'long') fill(x, '#2b1a12', () => { x.moveTo(250, 640); x.bezierCurveTo(220, 300, 270, 140, 400, 140); x.bezierCurveTo(530, 140, 580, 300, 550, 640); });
  fill(x, clothes, () => { x.moveTo(110, 800); x.bezierCurveTo(120, 600, 230, 560, 400, 560); x.bezierCurveTo(570, 560, 680, 600, 690, 800); });
  if (hair === 'scarf') {
    fill(x, '#e8dcc4', () => { x.moveTo(230, 640); x.bezierCurveTo(200, 250, 290, 150, 400, 150); x.bezierCurveTo(510, 150, 600, 250, 570, 640); x.quadraticCurveTo(400, 700, 230, 640); });
    ellipse(x, 400, 350, 112, 140, skin);
    return;
  }
  x.fillStyle = skin; x.fillRect(360, 450, 80, 120);
  ellipse(x, 400, 340, 120, 150, skin);
  if (hair === 'short') fill(x, '#1e1410', () => { x.ellipse(400, 300, 128, 120, 0, Math.PI, 0); x.quadraticCurveTo(470, 260, 400, 250); x.quadraticCurveTo(320, 250, 272, 300); });
  if (hair === 'long') fill(x, '#2b1a12', () => { x.ellipse(400, 300, 126, 122, 0, Math.PI, 0); x.quadraticCurveTo(420, 250, 300, 290); });
}

function canvas(w, h) { const c = document.createElement('canvas'); c.width = w; c.height = h; return c; }
window.seed = {
  main: (name, w, h) => {
    const [bw, bh, paint] = pictures[name];
    const c = canvas(w, h), x = c.getContext('2d'); x.scale(w / bw, h / bh); paint(x);
    window.seed.last = c;
  },
  small: (w, h) => {
    const c = canvas(w, h), x = c.getContext('2d'); x.imageSmoothingQuality = 'high'; x.drawImage(window.seed.last, 0, 0, w, h);
    window.seed.last = c;
  },
  encode: (quality) => window.seed.last.toDataURL('image/webp', quality).split(',')[1],
};
`;

// The page's helpers (window.seed); page.evaluate sends each callback to the page as source.
type PageWindow = {
  seed: {
    main(name: string, w: number, h: number): void;
    small(w: number, h: number): void;
    encode(quality: number): string;
  };
};

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  await page.setContent('<html><body></body></html>');
  await page.addScriptTag({ content: draw });

  // Steps the quality down from 0.82 (the console's) until the file fits its budget.
  async function encodeWithin(budget: number, file: string): Promise<Buffer> {
    for (let quality = 0.82; quality > 0.2; quality -= 0.04) {
      const data = Buffer.from(
        await page.evaluate((q) => (window as unknown as PageWindow).seed.encode(q), quality),
        'base64',
      );
      if (data.length <= budget) return data;
    }
    throw new Error(`${file} does not fit ${budget} bytes`);
  }

  // Per picture, its files from the largest down: the main image is drawn, each smaller one is
  // scaled from the one before (as the console draws the small variant from the main image).
  const byPicture = new Map<string, SeedObject[]>();
  for (const o of seedObjects()) {
    const list = byPicture.get(o.picture) ?? [];
    if (!list.some((f) => f.file === o.file)) list.push(o);
    byPicture.set(o.picture, list);
  }
  const written = new Set<string>();
  for (const [picture, list] of byPicture) {
    for (const [i, f] of list.sort((a, b) => b.width * b.height - a.width * a.height).entries()) {
      if (i === 0)
        await page.evaluate(([name, w, h]) => (window as unknown as PageWindow).seed.main(name, w, h), [
          picture,
          f.width,
          f.height,
        ] as const);
      else
        await page.evaluate(([w, h]) => (window as unknown as PageWindow).seed.small(w, h), [
          f.width,
          f.height,
        ] as const);
      const data = await encodeWithin(f.variant === 'main' ? MAX_MAIN_BYTES : MAX_SMALL_BYTES, f.file);
      fs.writeFileSync(path.join(here, f.file), data);
      written.add(f.file);
      console.log(f.file, data.length, 'bytes');
    }
  }
  for (const stale of fs.readdirSync(here).filter((f) => /\.(png|webp)$/.test(f) && !written.has(f))) {
    fs.rmSync(path.join(here, stale));
    console.log('removed', stale);
  }
} finally {
  await browser.close();
}
