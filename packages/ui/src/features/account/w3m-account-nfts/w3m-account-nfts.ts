import type { Nft } from '@openmodal/core/api'
import { $nfts, fetchNfts } from '@openmodal/core/internal'
import { css, html } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { assetListStyles } from '../../../styles/asset-list-styles.js'
import { base } from '../../../styles/base.js'
import { define } from '../../../utils/define.js'
import { safeAssetImageUrl } from '../../../utils/safe-url.js'

/**
 * @summary The NFTs tab of Account: a grid of the NFTs the account holds on this network
 * (`$nfts`, fetched when this element first shows; spam left out). The preview loads only
 * from an http(s) URL or an inline png, jpeg, gif, webp or svg image; never `javascript:` or
 * `data:text/html`. Names and collections are text, never markup.
 *
 * @csspart nft - One NFT card.
 * @csspart retry-button - Fetches the NFTs again after an error.
 */
export class W3mAccountNfts extends OpenModalElement {
  static override styles = [
    base,
    assetListStyles,
    css`
      ul {
        grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
        gap: 8px;
      }

      li {
        display: grid;
        gap: 4px;
        padding: 6px;
        border-radius: var(--wui-radius-s);
        background: var(--wui-surface);
        min-inline-size: 0;
      }

      .preview {
        aspect-ratio: 1;
        border-radius: var(--wui-radius-xs);
        overflow: hidden;
        display: grid;
        place-items: center;
        background: var(--wui-surface-hover);
        color: var(--wui-fg-muted);
      }

      .preview img {
        inline-size: 100%;
        block-size: 100%;
        object-fit: cover;
      }
    `,
  ]

  private readonly nfts = new StoreController(this, $nfts)

  private card(nft: Nft) {
    const image = safeAssetImageUrl(nft.imageUrl)
    const name = nft.name || t('nfts.tokenId', { id: nft.tokenId })
    return html`<li part="nft" data-nft=${`${nft.contract}:${nft.tokenId}`}>
      <span class="preview" aria-hidden="true">
        ${image ? html`<img src=${image} alt="" loading="lazy" />` : html`<span>NFT</span>`}
      </span>
      <span class="title" data-name>${name}</span>
      <span class="sub" data-collection>${nft.collection}</span>
    </li>`
  }

  override render() {
    const { nfts, loading, error } = this.nfts.value
    if (loading && nfts.length === 0) {
      return html`<div class="state" role="status" data-state="loading">
        <wui-spinner></wui-spinner>
        <p class="sub">${t('nfts.loading')}</p>
      </div>`
    }
    if (error && nfts.length === 0) {
      return html`<div class="state" data-state="error">
        <p class="error-text">${t('nfts.error')}</p>
        <button class="button-secondary" part="retry-button" @click=${() => fetchNfts()}>
          ${t('common.tryAgain')}
        </button>
      </div>`
    }
    if (nfts.length === 0) {
      return html`<div class="state" data-state="empty"><p class="sub">${t('nfts.empty')}</p></div>`
    }
    return html`<ul aria-label=${t('nfts.list')}>${nfts.map((nft) => this.card(nft))}</ul>`
  }
}

define('w3m-account-nfts', W3mAccountNfts)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-nfts': W3mAccountNfts
  }
}
