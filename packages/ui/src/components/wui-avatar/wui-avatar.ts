import { css, html, LitElement, type PropertyValues } from 'lit'
import { define } from '../../utils/define.js'
import { safeImageUrl } from '../../utils/safe-url.js'

/** Two hues derived from an address, so each account keeps its own colours. */
function huesFor(address: string): [number, number] {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return [hash % 360, (hash >>> 9) % 360]
}

/**
 * @summary An account avatar: the profile image when it is a safe URL, otherwise a gradient
 * derived from the address. Decorative (`alt=""`): the address is written next to it.
 *
 * @csspart avatar - The round image or gradient.
 * @cssproperty --wui-avatar-size - Diameter, default 40px.
 */
export class WuiAvatar extends LitElement {
  static override properties = {
    address: {},
    imageUrl: { attribute: 'image-url' },
  }

  static override styles = css`
    :host {
      display: inline-flex;
      --_size: var(--wui-avatar-size, 40px);
    }

    .avatar {
      inline-size: var(--_size);
      block-size: var(--_size);
      border-radius: 50%;
      overflow: hidden;
      background: radial-gradient(
        circle at 30% 30%,
        hsl(var(--_hue-a, 210) 80% 70%),
        hsl(var(--_hue-b, 260) 70% 45%)
      );
      box-shadow: inset 0 0 0 1px rgb(0 0 0 / 0.08);
    }

    img {
      inline-size: 100%;
      block-size: 100%;
      object-fit: cover;
      display: block;
    }
  `

  declare address: string | undefined
  declare imageUrl: string | undefined

  override render() {
    const src = safeImageUrl(this.imageUrl)
    return html`<span class="avatar" part="avatar"
      >${src ? html`<img src=${src} alt="" />` : ''}</span
    >`
  }

  // The hues go on the host as custom properties through CSSOM (never a style attribute
  // string: CSP-safe); the gradient inside reads them. No directive: this element is in the
  // page's initial JS.
  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('address')) return
    const [a, b] = huesFor(this.address ?? '')
    this.style.setProperty('--_hue-a', String(a))
    this.style.setProperty('--_hue-b', String(b))
  }
}

define('wui-avatar', WuiAvatar)

declare global {
  interface HTMLElementTagNameMap {
    'wui-avatar': WuiAvatar
  }
}
