// The keyboard-navigation controller on small hosts, with real key presses.

import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { LitElement } from 'lit'
import { focused } from '../test/helpers.js'
import { define } from '../utils/define.js'
import { KeyboardNavigationController, type NavigationLayout } from './keyboard-navigation.js'

/** Ten buttons under one container, navigated as `layout` (a grid of 4 columns). */
class TestNavigation extends LitElement {
  static override properties = { layout: {}, disabledIndex: { attribute: false } }
  declare layout: NavigationLayout
  declare disabledIndex: number | undefined

  readonly nav: KeyboardNavigationController

  constructor() {
    super()
    const element = this
    this.nav = new KeyboardNavigationController(this, {
      get layout() {
        return element.layout
      },
      columns: 4,
      pageRows: 2,
      items: () => [...this.renderRoot.querySelectorAll<HTMLElement>('button')],
    })
    this.layout = 'list'
    this.disabledIndex = undefined
  }

  override render() {
    return html`<div role="group" aria-label="Items" @keydown=${this.nav.onKeydown} @focusin=${this.nav.onFocusin}>
      ${Array.from(
        { length: 10 },
        (_, i) => html`<button ?disabled=${i === this.disabledIndex}>Item ${i}</button>`,
      )}
    </div>`
  }
}
define('test-navigation', TestNavigation)

async function mount(layout: NavigationLayout, dir = 'ltr') {
  const wrapper = await fixture<HTMLElement>(
    html`<div><test-navigation dir=${dir} .layout=${layout}></test-navigation><button>After</button></div>`,
  )
  const element = wrapper.querySelector('test-navigation') as TestNavigation
  await element.updateComplete
  return element
}

const buttons = (el: TestNavigation) => [...(el.shadowRoot?.querySelectorAll('button') ?? [])]
const at = () => Number(focused()?.textContent?.replace('Item ', ''))
const stops = (el: TestNavigation) => buttons(el).filter((b) => b.tabIndex === 0).length

describe('KeyboardNavigationController', () => {
  it('list: one Tab stop, Up/Down wrap, Home/End, disabled items skipped', async () => {
    const el = await mount('list')
    el.disabledIndex = 1
    await el.updateComplete
    expect(buttons(el).map((b) => b.tabIndex)).to.deep.equal([0, ...Array(9).fill(-1)])
    buttons(el)[0]?.focus()
    await sendKeys({ press: 'ArrowDown' })
    expect(at()).to.equal(2)
    await sendKeys({ press: 'ArrowUp' })
    await sendKeys({ press: 'ArrowUp' })
    expect(at()).to.equal(9)
    await sendKeys({ press: 'Home' })
    expect(at()).to.equal(0)
    await sendKeys({ press: 'ArrowRight' })
    expect(at()).to.equal(0)
    await sendKeys({ press: 'End' })
    expect(stops(el)).to.equal(1)
    // Tab leaves the list and Shift+Tab comes back to the item last focused.
    await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Shift+Tab' })
    expect(at()).to.equal(9)
    await expect(el).to.be.accessible()
  })

  it('tabs: Left/Right in reading order, reversed right to left, wrapping', async () => {
    const el = await mount('tabs', 'rtl')
    buttons(el)[0]?.focus()
    await sendKeys({ press: 'ArrowLeft' })
    expect(at()).to.equal(1)
    await sendKeys({ press: 'ArrowRight' })
    await sendKeys({ press: 'ArrowRight' })
    expect(at()).to.equal(9)
    await sendKeys({ press: 'ArrowDown' })
    expect(at()).to.equal(9)
  })

  it('grid: rows of columns, PageUp/PageDown, Home/End of the row and of the grid, edges stop', async () => {
    const el = await mount('grid')
    buttons(el)[0]?.focus()
    await sendKeys({ press: 'ArrowLeft' })
    expect(at()).to.equal(0)
    await sendKeys({ press: 'ArrowRight' })
    await sendKeys({ press: 'ArrowDown' })
    expect(at()).to.equal(5)
    await sendKeys({ press: 'End' })
    expect(at()).to.equal(7)
    await sendKeys({ press: 'Home' })
    expect(at()).to.equal(4)
    await sendKeys({ press: 'PageDown' })
    // Two rows down is past the last item: the last one.
    expect(at()).to.equal(9)
    await sendKeys({ press: 'ArrowDown' })
    expect(at()).to.equal(9)
    await sendKeys({ press: 'PageUp' })
    expect(at()).to.equal(1)
    await sendKeys({ press: 'Control+End' })
    expect(at()).to.equal(9)
    await sendKeys({ press: 'Control+Home' })
    expect(at()).to.equal(0)
    expect(stops(el)).to.equal(1)
  })
})
