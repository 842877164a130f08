// The installed app's icons (docs/decisions/0074), drawn from public/favicon.svg's moon:
// `node scripts/make-app-icons.mjs` writes public/icons/*.png (committed). The maskable icon
// keeps the moon inside the central 80% every launcher's mask leaves whole.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const root = path.resolve(import.meta.dirname, '..')
const favicon = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8')
const moon = favicon.replace(/^.*?<rect[^>]*\/>/s, '').replace(/<\/svg>\s*$/, '')
const NIGHT = '#24338b'

const square = (scale) => {
  const offset = (64 * (1 - scale)) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${NIGHT}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${moon}</g></svg>`
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-512.png', size: 512, svg: square(0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: square(0.85) },
]
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(root, 'public/icons', icon.file))
}
