// The icon markup, and the two icons the network button shows before any view has loaded.
// A module of its own so that the page's initial JS carries these two paths, not the whole
// set in icons.ts, which only the modal and its views import.
import { html, type SVGTemplateResult, svg, type TemplateResult } from 'lit'

export const ERROR_PATH = svg`<circle cx="12" cy="12" r="9" /><path d="M12 7.5v5.5M12 16.5v.01" />`
export const NETWORK_PATH = svg`<circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3c2.5 2.6 3.5 5.6 3.5 9s-1 6.4-3.5 9c-2.5-2.6-3.5-5.6-3.5-9s1-6.4 3.5-9z" />`

/**
 * A 24×24 stroke icon of `path`, hidden from assistive technology; `directional` mirrors it
 * in right-to-left layouts (the `.icon-directional` class). Views call `icon(name)`.
 *
 * @example svgIcon(NETWORK_PATH)
 */
export function svgIcon(path: SVGTemplateResult, directional = false): TemplateResult {
  return html`<svg
    class="icon ${directional ? 'icon-directional' : ''}"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    ${path}
  </svg>`
}
