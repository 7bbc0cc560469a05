// The "build" of a page without a build step: copies the page and the CDN files into dist/,
// a folder any static host serves as is. Nothing is bundled or rewritten.
import { cp, mkdir, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const dist = join(here, 'dist')
// dist/openmodal.js and dist/chunks/ of the installed @openmodal/cdn.
const cdn = dirname(createRequire(import.meta.url).resolve('@openmodal/cdn'))

await rm(dist, { recursive: true, force: true })
await mkdir(dist)
await Promise.all([
  cp(join(here, 'index.html'), join(dist, 'index.html')),
  cp(join(here, 'main.js'), join(dist, 'main.js')),
  cp(join(cdn, 'openmodal.js'), join(dist, 'openmodal', 'openmodal.js')),
  cp(join(cdn, 'chunks'), join(dist, 'openmodal', 'chunks'), { recursive: true }),
])
console.log(`copied the page and @openmodal/cdn into ${dist}`)
