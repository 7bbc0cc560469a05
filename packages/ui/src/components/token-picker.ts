// The parts of a token picker (Send's and Swap's): the search field and one row a token, with
// its icon (safe URLs only, else its first letter), name, amount held and fiat value, as a
// button that picks it.
import { html, nothing, type TemplateResult } from 'lit'
import { KeyboardNavigationController } from '../controllers/keyboard-navigation.js'
import { OpenModalElement } from '../internal/openmodal-element.js'
import { safeAssetImageUrl } from '../utils/safe-url.js'

/**
 * The base of a token picker view (Send's, Swap's): the filter the visitor typed (`query`) with
 * its search field, and arrow keys moving between the rows (`part="token"`).
 */
export class TokenPickerView extends OpenModalElement {
  static override properties = { query: { state: true } }

  declare query: string

  protected readonly nav = new KeyboardNavigationController(this, {
    layout: 'list',
    items: () => [...this.renderRoot.querySelectorAll<HTMLElement>('[part="token"]')],
  })

  constructor() {
    super()
    this.query = ''
  }

  /** The search field, labelled `label`, bound to `query`. */
  protected search(label: string): TemplateResult {
    return tokenSearch(label, this.query, (query) => {
      this.query = query
    })
  }
}

export interface TokenRow {
  /** Stable per token: `data-token` of the row. */
  key: string
  name: string
  symbol: string
  iconUrl: string | null | undefined
  /** The amount held, formatted with its symbol; left out when unknown. */
  amount?: string | undefined
  /** The fiat value, formatted; left out when unknown. */
  fiat?: string | undefined
  /** The token the picker currently holds (`aria-current`). */
  current: boolean
  pick: () => void
}

/** A picker row inside an `<li>`, styled by `assetListStyles`; `part="token"`. */
export function tokenRow(row: TokenRow): TemplateResult {
  const iconUrl = safeAssetImageUrl(row.iconUrl ?? undefined)
  return html`<li>
    <button
      class="row wide"
      part="token"
      data-token=${row.key}
      aria-current=${row.current ? 'true' : 'false'}
      @click=${row.pick}
    >
      <span class="thumb" aria-hidden="true">
        ${iconUrl ? html`<img src=${iconUrl} alt="" />` : html`<span>${row.symbol.slice(0, 1)}</span>`}
      </span>
      <span class="main">
        <span class="title" data-name>${row.name}</span>
        ${row.amount === undefined ? nothing : html`<span class="sub" data-amount>${row.amount}</span>`}
      </span>
      ${
        row.fiat === undefined
          ? nothing
          : html`<span class="end"><span class="title" data-fiat>${row.fiat}</span></span>`
      }
    </button>
  </li>`
}

/** The picker's name-or-symbol filter (`part="search-input"`), labelled `label`. */
export function tokenSearch(label: string, query: string, onQuery: (query: string) => void) {
  return html`<div class="field">
    <label for="search" class="visually-hidden">${label}</label>
    <div class="box">
      <input
        id="search"
        part="search-input"
        type="search"
        autocomplete="off"
        placeholder=${label}
        .value=${query}
        @input=${(event: Event) => onQuery((event.target as HTMLInputElement).value)}
      />
    </div>
  </div>`
}

/** Whether `token`'s name or symbol contains what the visitor typed (case-insensitive). */
export function matchesQuery(token: { name: string; symbol: string }, query: string): boolean {
  const wanted = query.trim().toLowerCase()
  return (
    !wanted ||
    token.name.toLowerCase().includes(wanted) ||
    token.symbol.toLowerCase().includes(wanted)
  )
}
