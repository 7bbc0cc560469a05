// A pseudo-locale whose every string is at least 40 % longer than English (accented letters
// plus padding words, placeholders kept), rendered in every view of the view registry at a
// 320 px wide viewport: nothing may stick out of the modal's panel. Text that does not fit
// must wrap, or be cut with an ellipsis by the element that clips it.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $registeredName,
  connect,
  KIT_ERROR_MESSAGES,
  openModal,
  reset,
  setLocale,
  showSnack,
  storage,
  TOAST_MESSAGES,
} from '@openmodal/core/internal'
import { setViewport } from '@web/test-runner-commands'
import '../test/define-modal.js'
import { FEATURES } from '../features/index.js'
import type { W3mModal } from '../modal/w3m-modal/w3m-modal.js'
import { views as VIEW_REGISTRY } from '../router/routes.js'
import { ALICE, FAILING, openAccount, selectTab } from '../test/account-fixtures.js'
import { englishCatalog } from '../test/catalogs.js'
import { AUTH_ID, embeddedStandIn, LOGIN_CODE } from '../test/embedded-fixtures.js'
import { deep, resetAll, settle, setupClient, until } from '../test/helpers.js'
import type { Scenarios } from '../test/scenario.js'
import { type Catalog, registerCatalog } from './index.js'

const PSEUDO = 'en-XA'

const ACCENTS: Record<string, string> = {
  a: 'á',
  c: 'ç',
  e: 'é',
  i: 'í',
  n: 'ñ',
  o: 'ö',
  s: 'š',
  u: 'ü',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  C: 'Ç',
  E: 'É',
  I: 'Í',
  N: 'Ñ',
  O: 'Ö',
  S: 'Š',
  U: 'Ü',
  Y: 'Ý',
  Z: 'Ž',
}

/** `text` accented and padded with words to at least 1.4 times its length; `{name}` kept. */
function pseudo(text: string): string {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part) =>
      /^\{\w+\}$/.test(part) ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTS[c] ?? c),
    )
    .join('')
  const target = Math.ceil(text.length * 1.4)
  let padded = accented
  while (padded.length < target)
    padded += ' ẋẋẋẋẋẋ'.slice(0, Math.max(2, target - padded.length + 1))
  return padded
}

const ENGLISH = await englishCatalog()

/** English, the view strings and core's coded texts, every one through `pseudo`. */
function pseudoCatalog(): Record<string, string> {
  return Object.fromEntries(Object.entries(ENGLISH).map(([key, text]) => [key, pseudo(text)]))
}

/**
 * How each view is reached, in the state that shows the most of its text: every feature named
 * in features/index.ts brings its own (features/<feature>/pseudo-locale.ts), so a new view
 * adds its scenario in its feature's folder.
 */
const SCENARIOS: Scenarios = {}
for (const feature of Object.keys(FEATURES)) {
  const path = `../features/${feature}/pseudo-locale.ts`
  const own = (await import(path).catch((error) => {
    throw new Error(`features/${feature}/pseudo-locale.ts: ${error}`)
  })) as { scenarios?: Scenarios }
  if (!own.scenarios) throw new Error(`features/${feature}/pseudo-locale.ts has no scenarios`)
  Object.assign(SCENARIOS, own.scenarios)
}

/** The nearest ancestor of `node` (through shadow hosts) that clips its overflow, up to `stop`. */
function clipperOf(node: Node, stop: Element): Element | undefined {
  let current: Node | null = node.parentNode
  while (current && current !== stop) {
    if (current instanceof ShadowRoot) current = current.host
    else if (current instanceof Element) {
      if (getComputedStyle(current).overflowX !== 'visible') return current
      current = current.assignedSlot ?? current.parentNode
    } else current = current.parentNode
  }
  return undefined
}

/**
 * Text for screen readers only (a 1 px box, or clipped away): laid out off screen on purpose.
 */
function visuallyHidden(node: Node): boolean {
  for (let current: Node | null = node; current; ) {
    if (current instanceof ShadowRoot) current = current.host
    if (current instanceof Element) {
      const style = getComputedStyle(current)
      const rect = current.getBoundingClientRect()
      if (style.clipPath !== 'none' || (style.clip && style.clip !== 'auto')) return true
      if (rect.width <= 1 && rect.height <= 1 && style.overflow !== 'visible') return true
    }
    current =
      current instanceof Element ? (current.assignedSlot ?? current.parentNode) : current.parentNode
  }
  return false
}

/** What sticks out of the panel: `where: what` lines, none when everything fits. */
function overflows(panel: HTMLElement): string[] {
  const found: string[] = []
  const box = panel.getBoundingClientRect()
  if (panel.scrollWidth > panel.clientWidth) {
    found.push(`panel: scrollWidth ${panel.scrollWidth} > clientWidth ${panel.clientWidth}`)
  }
  const seen = new Set<Node>()
  for (const node of [panel, ...walkAll(panel)]) {
    if (seen.has(node)) continue
    seen.add(node)
    if (visuallyHidden(node)) continue
    const name = nameOf(node)
    if (node instanceof HTMLElement) {
      const rect = node.getBoundingClientRect()
      if (rect.width === 0 && rect.height === 0) continue
      const style = getComputedStyle(node)
      if (rect.width > box.width + 0.5) found.push(`${name}: ${rect.width} px wide`)
      if (
        style.overflowX !== 'visible' &&
        style.textOverflow !== 'ellipsis' &&
        node.scrollWidth > node.clientWidth + 1
      ) {
        found.push(`${name}: scrollWidth ${node.scrollWidth} > clientWidth ${node.clientWidth}`)
      }
    } else if (node instanceof Text && node.data.trim()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      const rect = range.getBoundingClientRect()
      if (rect.width === 0) continue
      const clipper = clipperOf(node, panel)
      const clip = clipper?.getBoundingClientRect()
      const right = Math.min(rect.right, clip?.right ?? rect.right)
      const left = Math.max(rect.left, clip?.left ?? rect.left)
      if (right > box.right + 0.5 || left < box.left - 0.5) {
        found.push(`${name}: text from ${left} to ${right}, panel ${box.left} to ${box.right}`)
      }
      if (clipper && clip && (rect.right > clip.right + 1 || rect.left < clip.left - 1)) {
        // Cut text must say so: an ellipsis on the element that cuts it.
        if (getComputedStyle(clipper).textOverflow !== 'ellipsis') {
          found.push(`${name}: cut by ${nameOf(clipper)} without an ellipsis`)
        }
      }
    }
  }
  return found
}

/** Every node under `root`, through shadow roots and slots' light DOM alike. */
function* walkAll(root: Node): Generator<Node> {
  const children =
    root instanceof Element && root.shadowRoot
      ? [root.shadowRoot, ...root.childNodes]
      : [...root.childNodes]
  for (const child of children) {
    if (!(child instanceof ShadowRoot)) yield child
    yield* walkAll(child)
  }
}

function nameOf(node: Node): string {
  if (node instanceof Text)
    return `"${node.data.trim().slice(0, 40)}" in ${nameOf(node.parentNode ?? node)}`
  if (node instanceof ShadowRoot) return `${nameOf(node.host)}::shadow`
  if (!(node instanceof Element)) return node.nodeName
  const part = node.getAttribute('part')
  const id = node.id ? `#${node.id}` : ''
  const cls = node.classList.length ? `.${[...node.classList].join('.')}` : ''
  const host = (node.getRootNode() as ShadowRoot).host
  return `${host ? `${host.localName} ` : ''}${node.localName}${id}${cls}${part ? `[part=${part}]` : ''}`
}

describe('pseudo-locale, 40 % longer, at 320 px', () => {
  let modal: W3mModal

  before(async () => {
    registerCatalog(PSEUDO, pseudoCatalog() as Catalog)
    await setViewport({ width: 320, height: 640 })
  })

  after(async () => {
    await setViewport({ width: 800, height: 600 })
  })

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    $registeredName.set(undefined)
    resetAll()
  })

  it('makes every string at least 40 % longer and keeps its placeholders', () => {
    const catalog = pseudoCatalog()
    for (const [key, text] of Object.entries(ENGLISH)) {
      expect((catalog[key] as string).length, key).to.be.at.least(text.length * 1.4)
      expect(catalog[key]?.match(/\{\w+\}/g) ?? [], key).to.deep.equal(text.match(/\{\w+\}/g) ?? [])
    }
    expect(catalog['error.CONNECTION_REJECTED']).to.not.equal(
      KIT_ERROR_MESSAGES.CONNECTION_REJECTED,
    )
  })

  it('has a scenario for every view of the registry', () => {
    expect(Object.keys(SCENARIOS).sort()).to.deep.equal(Object.keys(VIEW_REGISTRY).sort())
  })

  for (const [view, entry] of Object.entries(VIEW_REGISTRY)) {
    it(`${view}: nothing sticks out of the panel`, async () => {
      const scenario = SCENARIOS[view as keyof Scenarios]
      if (!scenario || !entry) throw new Error(`no scenario for ${view}`)
      await scenario()
      setLocale(PSEUDO)
      const element = await until(() => deep(modal, 'w3m-router', entry.tag), entry.tag)
      await until(() => deep(modal, '#title')?.textContent?.includes('ẋ'), `${view} in pseudo`)
      // Give lists, tabs and QR codes their data, then let the view's fade-in finish.
      await new Promise((resolve) => setTimeout(resolve, 300))
      await settle()
      // The view's own words (text, or labels where it shows only names) are pseudo.
      const labels = [...(element.shadowRoot?.querySelectorAll('[aria-label]') ?? [])].map(
        (labelled) => labelled.getAttribute('aria-label'),
      )
      expect([element.shadowRoot?.textContent, ...labels].join(' ')).to.match(/[ẋáéíöü]/)
      const panel = deep(modal, '[part~="panel"]') as HTMLElement
      expect(panel.getBoundingClientRect().width).to.be.at.most(320)
      expect(overflows(panel), view).to.deep.equal([])
    })
  }

  it("Account of an e-mail login, with the frame's storage note: nothing sticks out", async () => {
    const { entry, typeCode } = embeddedStandIn({ persistentStorage: false })
    setupClient({}, { embeddedWallet: entry })
    storage.set('email', 'a.rather.long.address.for.a.test@example.com')
    void typeCode(LOGIN_CODE)
    await (await entry.load()).connectOtp()
    await connect({ connectorId: AUTH_ID })
    reset('Account')
    openModal()
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'Account')
    setLocale(PSEUDO)
    await until(() => deep(view, '[data-storage-note]')?.textContent?.includes('ẋ'), 'the note')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await settle()
    const panel = deep(modal, '[part~="panel"]') as HTMLElement
    expect(overflows(panel)).to.deep.equal([])
  })

  it("Account's tabs with data and with errors, and a toast: nothing sticks out", async () => {
    for (const address of [ALICE, FAILING]) {
      const view = await openAccount(modal, address)
      setLocale(PSEUDO)
      showSnack(TOAST_MESSAGES.TOKEN_BALANCE_UNAVAILABLE, {
        variant: 'error',
        code: 'TOKEN_BALANCE_UNAVAILABLE',
        autoClose: false,
      })
      for (const tab of ['tokens', 'nfts', 'activity'] as const) {
        await selectTab(view, tab)
        await until(() => !deep(view, `#panel-${tab}`)?.querySelector('[aria-busy="true"]'), tab)
        await new Promise((resolve) => setTimeout(resolve, 300))
        await settle()
        const panel = deep(modal, '[part~="panel"]') as HTMLElement
        expect(overflows(panel), `${address} ${tab}`).to.deep.equal([])
      }
      resetAll()
    }
  })
})
