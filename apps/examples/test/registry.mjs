// A loopback stand-in for the npm registry, made from the workspace's pnpm-lock.yaml, so an
// example installs with no network. Why: `pnpm install --offline` resolves a project that has
// no lockfile from pnpm's metadata cache, and an install from a lockfile (`pnpm install` at the
// root, CI's `--frozen-lockfile`) never fills that cache: on a fresh machine it fails with
// ERR_PNPM_NO_OFFLINE_META. The packages themselves are in the store after that install; only
// their metadata is missing. This server answers the registry's metadata requests
// (`GET /<name>`, the abbreviated document) with the versions the workspace lockfile holds,
// each with its integrity, so pnpm resolves exactly those and takes their files from the
// store. A tarball request means a package is not in the store: it gets a 404 that says so.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { parse } from 'yaml'
import { HOST } from './util.mjs'

/** `'@scope/name@1.2.3(peer@1)'` → `['@scope/name', '1.2.3']` (peer suffix dropped). */
export function splitKey(key) {
  const bare = key.replace(/\(.*$/, '')
  const at = bare.lastIndexOf('@')
  return [bare.slice(0, at), bare.slice(at + 1)]
}

/** A lockfile dependency value as a manifest range: `1.0.0(react@19)` → `1.0.0`, aliases as `npm:`. */
function range(value) {
  const bare = String(value).replace(/\(.*$/, '')
  if (/^(link|file|workspace):/.test(bare)) return undefined
  return /^@?[^@]+@/.test(bare) ? `npm:${bare}` : bare
}

function ranges(deps, skip) {
  if (!deps) return undefined
  const out = {}
  for (const [name, value] of Object.entries(deps)) {
    const spec = range(value)
    if (spec && !skip?.[name]) out[name] = spec
  }
  return Object.keys(out).length ? out : undefined
}

/**
 * The registry's documents, by package name, from a pnpm v9 lockfile's `packages` (integrity,
 * engines, platforms, peers) and `snapshots` (dependencies, as the exact versions locked).
 */
export function metadataFromLockfile(lockfile, origin) {
  const documents = new Map()
  for (const [key, info] of Object.entries(lockfile.packages ?? {})) {
    const [name, version] = splitKey(key)
    const integrity = info.resolution?.integrity
    if (!integrity) continue // git or tarball-URL packages: not served
    const manifest = {
      name,
      version,
      ...(info.peerDependencies && { peerDependencies: info.peerDependencies }),
      ...(info.peerDependenciesMeta && { peerDependenciesMeta: info.peerDependenciesMeta }),
      ...(info.engines && { engines: info.engines }),
      ...(info.os && { os: info.os }),
      ...(info.cpu && { cpu: info.cpu }),
      ...(info.libc && { libc: info.libc }),
      ...(info.hasBin && { bin: {} }),
      dist: { integrity, tarball: `${origin}/${name}/-/${name.split('/').pop()}-${version}.tgz` },
    }
    let document = documents.get(name)
    if (!document) {
      document = { name, 'dist-tags': {}, versions: {} }
      documents.set(name, document)
    }
    document.versions[version] = manifest
  }
  for (const [key, snapshot] of Object.entries(lockfile.snapshots ?? {})) {
    const [name, version] = splitKey(key)
    const manifest = documents.get(name)?.versions[version]
    if (!manifest) continue
    // Snapshots of one version differ only in the peers they resolved: merge them, peers out.
    const peers = manifest.peerDependencies
    const dependencies = ranges(snapshot.dependencies, peers)
    const optional = ranges(snapshot.optionalDependencies, peers)
    if (dependencies) manifest.dependencies = { ...manifest.dependencies, ...dependencies }
    if (optional) {
      manifest.optionalDependencies = { ...manifest.optionalDependencies, ...optional }
      manifest.dependencies = { ...manifest.dependencies, ...optional }
    }
  }
  // `latest` as npm sets it for most packages: the highest release, pre-releases only if alone.
  for (const document of documents.values()) {
    const versions = Object.keys(document.versions).sort(compareVersions)
    const releases = versions.filter((version) => !version.includes('-'))
    document['dist-tags'].latest = (releases.length ? releases : versions).at(-1)
  }
  return documents
}

/** Enough semver ordering for `latest`: numeric parts, then a release above its pre-releases. */
function compareVersions(a, b) {
  const [coreA, preA = ''] = a.split('-')
  const [coreB, preB = ''] = b.split('-')
  const partsA = coreA.split('.').map(Number)
  const partsB = coreB.split('.').map(Number)
  for (let i = 0; i < 3; i++) if (partsA[i] !== partsB[i]) return partsA[i] - partsB[i]
  if (preA === preB) return 0
  if (!preA) return 1
  if (!preB) return -1
  return preA < preB ? -1 : 1
}

/**
 * Starts the registry on a free loopback port; resolves with `{ url, requests, stop() }`.
 * `requests` lists every path asked for (a test can tell what the install resolved).
 */
export async function startRegistry(lockfilePath) {
  const lockfile = parse(await readFile(lockfilePath, 'utf8'))
  const requests = []
  let documents
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname).slice(1)
    requests.push(path)
    const document = documents.get(path)
    if (request.method === 'GET' && document) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(document))
      return
    }
    const tarball = path.includes('/-/')
    response.writeHead(404, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        error: tarball
          ? `${path}: not in the pnpm store; run \`pnpm install\` at the repository root`
          : `${path}: not in the workspace lockfile; add it to apps/examples/package.json`,
      }),
    )
  })
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, HOST, resolve))
  const url = `http://${HOST}:${server.address().port}`
  documents = metadataFromLockfile(lockfile, url)
  return {
    url,
    requests,
    stop: () => new Promise((resolve) => server.close(resolve)),
  }
}
