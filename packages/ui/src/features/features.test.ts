// The feature table is the one place a view is declared: this checks it against core's view
// names (`VIEWS`), the catalogs and the groups' chunks.
import { expect } from '@open-wc/testing'
import { VIEWS } from '@openmodal/core/internal'
import { ar } from '../i18n/ar.js'
import { enViews } from '../i18n/en-views.js'
import { type ViewEntry, views } from '../router/routes.js'
import { englishCatalog } from '../test/catalogs.js'
import { GROUPS } from './groups.js'

const entries = Object.entries(views) as [string, ViewEntry][]
const titleKey = (view: string, entry?: { title?: string }) => entry?.title ?? `view.${view}`

describe('feature table', () => {
  it("declares only core's views, and every core view has a title in English and Arabic", async () => {
    const english = await englishCatalog()
    expect(entries.length).to.be.greaterThan(0)
    for (const [view] of entries) expect(VIEWS, view).to.include(view)
    for (const view of VIEWS) {
      const key = titleKey(view, views[view])
      expect(english, `${key} in English`).to.have.property(key)
      if (key in enViews) expect(ar, `${key} in ar.ts`).to.have.property(key)
    }
  })

  it('gives every view its own element and puts every view in a group that defines it', async () => {
    const tags = entries.map(([, entry]) => entry.tag)
    expect(new Set(tags).size, 'one element per view').to.equal(tags.length)
    for (const [view, entry] of entries) {
      await GROUPS[entry.group]()
      expect(customElements.get(entry.tag), `${view}: <${entry.tag}>`).to.not.equal(undefined)
    }
    // Every group's chunk brings the modal shell.
    expect(customElements.get('w3m-modal')).to.not.equal(undefined)
  })
})
