// Where a reload's time goes, seen from outside the code: an init script (every frame, the
// secure frame too) notes when the page and the frame fetch, open IndexedDB, create the frame,
// and send or receive each message of the handshake and the frame's port; `readReloadTrace`
// puts those notes and both documents' resource timings on the page's clock (ms from its
// navigation start). Nothing of it ships: the benchmark adds it with `--trace`.

/** Runs in every frame before its scripts: `window.__reloadTrace` collects [epoch ms, what]. */
function tracer() {
  const log = []
  Object.defineProperty(window, '__reloadTrace', { value: log })
  const now = () => performance.timeOrigin + performance.now()
  const note = (what, at = now()) => log.push([at, what])
  const path = (url) => {
    try {
      const { pathname } = new URL(String(url), location.href)
      return pathname
    } catch {
      return String(url).slice(0, 60)
    }
  }
  const fetch = window.fetch
  window.fetch = function (input, init) {
    const started = now()
    const url = path(input instanceof Request ? input.url : input)
    const answer = fetch.call(this, input, init)
    answer.then(
      () => log.push([started, `fetch ${url}`, now()]),
      () => log.push([started, `fetch ${url} failed`, now()]),
    )
    return answer
  }
  const open = IDBFactory.prototype.open
  IDBFactory.prototype.open = function (...args) {
    const started = now()
    const request = open.apply(this, args)
    request.addEventListener('success', () => log.push([started, 'indexedDB open', now()]))
    return request
  }
  // Which request each reply answers: its id, noted when the request leaves.
  const types = new Map()
  const nameOf = (data) => {
    if (!data || typeof data !== 'object') return undefined
    if (data.event) return `event ${data.event}`
    if (data.type && data.id) {
      types.set(data.id, data.type)
      return `request ${data.type}${data.type === 'RPC_REQUEST' ? ` ${data.payload?.method}` : ''}`
    }
    if (data.status && data.id) return `reply ${types.get(data.id) ?? '?'} ${data.status}`
    if (data.type) return String(data.type)
    return undefined
  }
  const post = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (data, ...rest) {
    const name = nameOf(data)
    if (name) note(`sent ${name}`)
    return post.call(this, data, ...rest)
  }
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() {
      return onmessage.get.call(this)
    },
    set(handler) {
      note('port listening')
      onmessage.set.call(this, (event) => {
        const name = nameOf(event.data)
        if (name) note(`got ${name}`)
        return handler(event)
      })
    },
  })
  window.addEventListener(
    'message',
    (event) => {
      const name = nameOf(event.data)
      if (name) note(`window got ${name}`)
    },
    true,
  )
  const getItem = Storage.prototype.getItem
  const seen = new Set()
  Storage.prototype.getItem = function (key) {
    if (/emailLoginUsed|connectedConnectorIds/.test(key) && !seen.has(key)) {
      seen.add(key)
      note(`storage read ${key}`)
    }
    return getItem.call(this, key)
  }
  if (window === window.top) {
    let modal
    Object.defineProperty(window, '__openmodal', {
      configurable: true,
      get: () => modal,
      set(value) {
        note('createModal returned')
        modal = value
      },
    })
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLIFrameElement && node.title === 'Secure wallet') {
            note('frame element added')
            node.addEventListener('load', () => note('frame load event'))
          }
        }
      }
    }).observe(document, { childList: true, subtree: true })
  }
}

/** Adds the tracer to every page and frame of `context`. */
export async function installReloadTrace(context) {
  await context.addInitScript(tracer)
}

/**
 * The page's and the frame's notes and resource timings, ms from the page's navigation start,
 * sorted: `[{ at, end?, where: 'page' | 'frame', what }]`.
 */
export async function readReloadTrace(page) {
  const collect = () => {
    const origin = performance.timeOrigin
    const [nav] = performance.getEntriesByType('navigation')
    const entries = [
      [origin + nav.requestStart, 'document request', origin + nav.responseEnd],
      [origin + nav.domInteractive, 'document interactive'],
      ...performance
        .getEntriesByType('resource')
        .map((entry) => [
          origin + entry.startTime,
          `load ${new URL(entry.name).pathname}`,
          origin + entry.responseEnd,
        ]),
      ...(window.__reloadTrace ?? []),
    ]
    return { origin, entries }
  }
  const top = await page.evaluate(collect)
  const frame = page.frames().find((f) => /\/frame\?/.test(f.url()))
  const inner = frame ? await frame.evaluate(collect) : { entries: [] }
  const rows = []
  for (const [where, { entries }] of [
    ['page', top],
    ['frame', inner],
  ]) {
    for (const [at, what, end] of entries) {
      rows.push({
        at: Math.round(at - top.origin),
        ...(end !== undefined ? { end: Math.round(end - top.origin) } : {}),
        where,
        what,
      })
    }
  }
  return rows.sort((a, b) => a.at - b.at)
}

/**
 * The reload's milestones from a trace (ms from navigation start; undefined when not seen).
 * `first(where, pattern)` picks the first row whose text matches.
 */
export function milestones(rows) {
  const first = (where, pattern, field = 'at') =>
    rows.find((row) => row.where === where && pattern.test(row.what))?.[field]
  return {
    'page document': first('page', /^document request$/, 'end'),
    'page entry js': first('page', /^load \/assets\/main-.*\.js$/, 'end'),
    'local.json': first('page', /^fetch \/__openmodal\/local\.json$/, 'end'),
    'stored login read': first('page', /storage read .*connectedConnectorIds/),
    'createModal returned': first('page', /^createModal returned$/),
    'frame element added': first('page', /^frame element added$/),
    'frame document': first('frame', /^document request$/, 'end'),
    'frame entry js': first('frame', /^load \/assets\/frame.*\.js$/, 'end'),
    'frame-config': first('frame', /^fetch \/frame-config$/, 'end'),
    'frame load event': first('page', /^frame load event$/),
    'handshake accepted': first('page', /^window got .*accept/i),
    READY: first('page', /^got event READY$/),
    'frame chunks': first('frame', /^port listening$/),
    '/v1/me': first('frame', /^fetch \/v1\/.*me$/, 'end'),
    'IS_CONNECTED answered': first('page', /^got reply IS_CONNECTED/),
    'eth_accounts answered': first('page', /^got reply RPC_REQUEST/),
  }
}
