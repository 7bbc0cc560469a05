// Inline SVG icons (static markup, no untrusted data). Decorative: the control carries the name.
import { type SVGTemplateResult, svg, type TemplateResult } from 'lit'
import { ERROR_PATH, NETWORK_PATH, svgIcon } from './icon-svg.js'

const PATHS = {
  close: svg`<path d="M6 6l12 12M18 6L6 18" />`,
  back: svg`<path d="M15 5l-7 7 7 7" />`,
  copy: svg`<rect x="8" y="8" width="12" height="12" rx="2" /><path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />`,
  check: svg`<path d="M5 12.5l4.5 4.5L19 7.5" />`,
  error: ERROR_PATH,
  wallet: svg`<rect x="3" y="6" width="18" height="13" rx="3" /><path d="M16 12.5h2M3 9.5h18" />`,
  network: NETWORK_PATH,
  disconnect: svg`<path d="M10 5H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h4M15 8l4 4-4 4M19 12H9" />`,
  chevron: svg`<path d="M9 5l7 7-7 7" />`,
  search: svg`<circle cx="11" cy="11" r="6.5" /><path d="M16 16l4 4" />`,
  external: svg`<path d="M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />`,
  send: svg`<path d="M12 19V5M6 11l6-6 6 6" />`,
  receive: svg`<path d="M12 5v14M6 13l6 6 6-6" />`,
  swap: svg`<path d="M7 4v14M3 14l4 4 4-4M17 20V6M13 10l4-4 4 4" />`,
  card: svg`<rect x="3" y="6" width="18" height="13" rx="2" /><path d="M3 10h18M7 15h3" />`,
} satisfies Record<string, SVGTemplateResult>

export type IconName = keyof typeof PATHS

/**
 * A 24×24 stroke icon, hidden from assistive technology. `back` and `chevron` point to the
 * inline start/end and are mirrored in right-to-left layouts by the `.icon-directional` class.
 *
 * @example html`<button aria-label=${t('modal.close')}>${icon('close')}</button>`
 */
export function icon(name: IconName): TemplateResult {
  return svgIcon(PATHS[name], name === 'back' || name === 'chevron')
}
