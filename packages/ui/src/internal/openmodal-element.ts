import { $locale } from '@openmodal/core/internal'
import { LitElement } from 'lit'
import { StoreController } from '../controllers/store-controller.js'
import { ThemeController } from '../controllers/theme-controller.js'

/**
 * The base class of every OpenModal element (the modal, its views, the public buttons), wiring
 * once what each of them needs (Web Awesome's `WebAwesomeElement`):
 *
 * - the language: the element re-renders whenever core's `$locale` changes, so `t()` in
 *   `render()` always speaks the current one; `this.locale.value` is the locale.
 * - the theme, for the elements a page places itself (`static themed = true`: the modal and
 *   the buttons): re-renders on a mode change, `this.theme.mode` is the mode, and the host's
 *   `themeVariables` land on the element as `--w3m-*` properties (ThemeController). The views
 *   inherit both from the modal.
 *
 * @example
 * class W3mExampleView extends OpenModalElement {
 *   render() { return html`<p dir=${dirFor(this.locale.value)}>${t('example.text')}</p>` }
 * }
 */
export class OpenModalElement extends LitElement {
  /** Set by elements a page places itself (not inside the modal): binds `$theme`. */
  static themed = false

  /** Core's `$locale`, e.g. `'en'` or `'ar-EG'`. */
  protected readonly locale = new StoreController(this, $locale)
  /** `$theme`, bound when the class is `themed`. */
  protected readonly theme = (this.constructor as typeof OpenModalElement).themed
    ? new ThemeController(this)
    : undefined
}
