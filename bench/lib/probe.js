// Injected into every benchmarked page before its own scripts (Playwright addInitScript).
// `window.__benchConfig = { rowSelector, contentSelector, quietMs, minQuietFrames, timeoutMs }`
// is set by an earlier init script. Results land in `window.__bench`; see bench/README.md for
// the exact definitions of "visible" and "settled".
;(() => {
  const config = window.__benchConfig
  const state = {
    longTasks: [],
    clickAt: null,
    contentVisibleAt: null,
    rowVisibleAt: null,
    settledAt: null,
    timedOut: false,
    done: false,
    frames: 0,
  }
  window.__bench = state

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }
  }).observe({ type: 'longtask', buffered: true })

  /** The document and every open shadow root under it, in tree order. */
  const roots = () => {
    const found = [document]
    for (let i = 0; i < found.length; i++) {
      for (const element of found[i].querySelectorAll('*')) {
        if (element.shadowRoot) found.push(element.shadowRoot)
      }
    }
    return found
  }

  /** Painted at all: laid out, in the viewport, not hidden, no ancestor at opacity 0. */
  const visible = (element) => {
    if (!element.isConnected) return false
    const rect = element.getBoundingClientRect()
    if (rect.width < 1 || rect.height < 1) return false
    if (rect.bottom <= 0 || rect.right <= 0) return false
    if (rect.top >= innerHeight || rect.left >= innerWidth) return false
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
  }

  /** Opacity product along the flat tree (slots and shadow hosts included). */
  const opacity = (element) => {
    let product = 1
    let node = element
    while (node) {
      if (node instanceof Element) product *= Number(getComputedStyle(node).opacity)
      node = node.assignedSlot ?? node.parentElement ?? node.parentNode?.host ?? null
    }
    return product
  }

  const firstVisible = (allRoots, selector) => {
    if (!selector) return null
    for (const root of allRoots) {
      for (const element of root.querySelectorAll(selector)) {
        if (visible(element)) return element
      }
    }
    return null
  }

  let mutations = 0
  const observed = new WeakSet()
  const observer = new MutationObserver((records) => {
    mutations += records.length
  })
  const observe = (allRoots) => {
    for (const root of allRoots) {
      if (observed.has(root)) continue
      observed.add(root)
      observer.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      })
    }
  }

  /** Running animations that end (spinners that loop forever never settle, so they don't count). */
  const finiteAnimations = (allRoots) => {
    let count = 0
    for (const root of allRoots) {
      for (const animation of root.getAnimations()) {
        const timing = animation.effect?.getComputedTiming()
        if (animation.playState === 'running' && timing && timing.endTime !== Infinity) count++
      }
    }
    return count
  }

  let lastSignature = ''
  let lastChangeAt = null
  let quietFrames = 0

  const frame = () => {
    if (state.done) return
    const now = performance.now()
    state.frames++
    const allRoots = roots()
    observe(allRoots)
    if (state.contentVisibleAt === null && firstVisible(allRoots, config.contentSelector)) {
      state.contentVisibleAt = now
    }
    const row = firstVisible(allRoots, config.rowSelector)
    if (row && state.rowVisibleAt === null) state.rowVisibleAt = now
    const rows = allRoots.reduce(
      (n, root) => n + [...root.querySelectorAll(config.rowSelector)].filter(visible).length,
      0,
    )
    let signature = 'none'
    if (row) {
      const r = row.getBoundingClientRect()
      signature = [r.x, r.y, r.width, r.height, opacity(row).toFixed(3), rows].join(',')
    }
    const animating = finiteAnimations(allRoots)
    const changed = signature !== lastSignature || mutations > 0 || animating > 0 || !row
    mutations = 0
    lastSignature = signature
    if (changed) {
      lastChangeAt = now
      quietFrames = 0
    } else {
      quietFrames++
      if (quietFrames >= config.minQuietFrames && now - lastChangeAt >= config.quietMs) {
        state.settledAt = lastChangeAt
        state.done = true
        observer.disconnect()
        return
      }
    }
    if (now - state.clickAt > config.timeoutMs) {
      state.timedOut = true
      state.done = true
      observer.disconnect()
      return
    }
    requestAnimationFrame(frame)
  }

  addEventListener(
    'click',
    (event) => {
      if (state.clickAt !== null) return
      const target = event.composedPath()[0]
      if (!(target instanceof Element) || !target.closest('#open')) return
      state.clickAt = event.timeStamp
      observe(roots())
      requestAnimationFrame(frame)
    },
    true,
  )
})()
