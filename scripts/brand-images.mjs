// Renders the raster brand images the reader pages' head points at, from SVG with sharp:
//   client/public/logo.png        512x512, the publisher logo of the JSON-LD (Google wants a raster logo,
//                                 at least 112x112 px)
//   client/public/og-default.png  1200x630, the link preview of pages that are not an article
//   client/public/feed-icon.png   144x144, the logo as the feeds' channel <image> (RSS 2.0 allows at most 144 px wide)
// The PNGs are committed (text rendering depends on the fonts installed); run `node scripts/brand-images.mjs`
// again after changing the artwork here.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'public');
const SERIF = 'DejaVu Serif, Georgia, serif';
const SANS = 'DejaVu Sans, Arial, sans-serif';

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#0f172a"/>
  <path d="M330 196a96 96 0 1 0 0 120" fill="none" stroke="#f59e0b" stroke-width="34" stroke-linecap="round" transform="translate(0 -40)"/>
  <text x="256" y="392" text-anchor="middle" font-family="${SERIF}" font-size="64" font-weight="700" fill="#ffffff">Chronicle</text>
  <text x="256" y="458" text-anchor="middle" font-family="${SERIF}" font-size="64" font-weight="700" fill="#ef4444">News</text>
</svg>`;

const ogDefault = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="80" y="236" width="16" height="104" fill="#f59e0b"/>
  <text x="124" y="320" font-family="${SERIF}" font-size="104" font-weight="700" fill="#ffffff">Chronicle <tspan fill="#ef4444">News</tspan></text>
  <text x="84" y="430" font-family="${SANS}" font-size="36" fill="#cbd5e1">Local and world news, sport, business,</text>
  <text x="84" y="480" font-family="${SANS}" font-size="36" fill="#cbd5e1">technology and opinion.</text>
</svg>`;

async function render(svg, file, width) {
  const image = sharp(Buffer.from(svg));
  if (width) image.resize({ width });
  const png = await image.png({ compressionLevel: 9, palette: true }).toBuffer();
  await writeFile(path.join(publicDir, file), png);
  console.log(`${file}: ${png.length} bytes`);
}

await render(logo, 'logo.png');
await render(logo, 'feed-icon.png', 144);
await render(ogDefault, 'og-default.png');
