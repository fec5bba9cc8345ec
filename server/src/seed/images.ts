import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PALETTES: [string, string, string][] = [
  ['#0f172a', '#1e40af', '#f59e0b'],
  ['#064e3b', '#10b981', '#fef3c7'],
  ['#7c2d12', '#ea580c', '#fde68a'],
  ['#312e81', '#7c3aed', '#f0abfc'],
  ['#134e4a', '#0891b2', '#e0f2fe'],
  ['#3f3f46', '#a1a1aa', '#fafafa'],
  ['#831843', '#db2777', '#fce7f3'],
  ['#1e3a8a', '#38bdf8', '#fef9c3'],
  ['#365314', '#84cc16', '#ecfccb'],
  ['#4c0519', '#e11d48', '#ffe4e6'],
  ['#0c4a6e', '#0ea5e9', '#bae6fd'],
  ['#422006', '#ca8a04', '#fef08a'],
];

export const DEMO_IMAGE_COUNT = PALETTES.length;

function svg([dark, mid, light]: [string, string, string], seed: number): string {
  const shapes = Array.from({ length: 7 }, (_, i) => {
    const x = (seed * 97 + i * 173) % 1200;
    const y = (seed * 53 + i * 89) % 675;
    const r = 60 + ((seed + i * 31) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? light : mid}" fill-opacity="${0.12 + (i % 3) * 0.08}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#g)"/>${shapes}
  <rect x="0" y="560" width="1200" height="115" fill="${dark}" fill-opacity="0.35"/>
  <path d="M0 520 Q 300 ${430 + (seed % 5) * 20} 600 500 T 1200 480 L 1200 675 L 0 675 Z" fill="${light}" fill-opacity="0.18"/>
</svg>`;
}

/** Writes the demo images (16:9 WebP) into the uploads folder and returns their public paths. */
export async function writeDemoImages(uploadDir: string): Promise<string[]> {
  mkdirSync(uploadDir, { recursive: true });
  return Promise.all(
    PALETTES.map(async (palette, i) => {
      const name = `demo-${String(i + 1).padStart(2, '0')}.webp`;
      const file = path.join(uploadDir, name);
      if (!existsSync(file))
        await sharp(Buffer.from(svg(palette, i + 1)))
          .webp({ quality: 78 })
          .toFile(file);
      return `/uploads/${name}`;
    }),
  );
}
