// The shipped locales: each speaks every English key with the same placeholders, loads on
// first use, and is picked by the `locale` option, else the page's `<html lang>`, else the
// browser's `navigator.languages`.

import { expect } from '@open-wc/testing'
import {
  $locale,
  ALERTS,
  type AlertCode,
  AUTH_TOAST_MESSAGES,
  codedError,
  KIT_ERROR_MESSAGES,
  type KitErrorCode,
  setLocale,
  TOAST_MESSAGES,
  type ToastCode,
} from '@openmodal/core/internal'
import { createModal } from '../create-modal.js'
import { englishCatalog, shippedCatalog } from '../test/catalogs.js'
import { catalogGaps } from '../test/completeness.js'
import { mainnet, resetAll, until } from '../test/helpers.js'
import { tAlert, tError, tToast } from './coded.js'
import { registerFeatureStrings } from './feature-strings.js'
import {
  type Catalog,
  dirFor,
  langFor,
  loadLocale,
  type MessageKey,
  matchLocale,
  pageLocale,
  SHIPPED_LOCALES,
  t,
} from './index.js'

const ENGLISH = await englishCatalog()

/** Each shipped locale's whole catalog: the shell's and every feature's strings. */
const CATALOGS: Record<string, Catalog> = Object.fromEntries(
  await Promise.all(
    SHIPPED_LOCALES.filter((locale) => locale !== 'en').map(
      async (locale) => [locale, await shippedCatalog(locale)] as const,
    ),
  ),
)

/** Keys whose text is a name or a brand in every language. */
const SAME_EVERYWHERE = new Set([
  'view.ConnectingExternal',
  'view.ConnectingWalletConnect',
  'view.ConnectingWalletConnectBasic',
  'view.ConnectingFarcaster',
  'allWallets.appStore',
  'allWallets.playStore',
])

describe('shipped locales', () => {
  afterEach(() => setLocale('en'))

  it('ships English and seven catalogs, each loaded on first use', () => {
    expect([...SHIPPED_LOCALES].sort()).to.deep.equal(
      ['ar', 'de', 'en', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN'].sort(),
    )
    expect(Object.keys(CATALOGS).sort()).to.deep.equal(
      SHIPPED_LOCALES.filter((locale) => locale !== 'en').sort(),
    )
  })

  // The completeness test: a locale may lack keys at compile time, never in a release.
  it('every locale has every English key, with the same placeholders, and no other', () => {
    expect(catalogGaps(ENGLISH, CATALOGS), 'keys missing or with other placeholders').to.deep.equal(
      {},
    )
    for (const [locale, catalog] of Object.entries(CATALOGS)) {
      const extra = Object.keys(catalog).filter((key) => !(key in ENGLISH))
      expect(extra, `${locale}: keys English does not have`).to.deep.equal([])
    }
  })

  for (const [locale, catalog] of Object.entries(CATALOGS)) {
    it(`${locale}: translated, not English, and spoken once loaded`, async () => {
      const untranslated = Object.keys(ENGLISH).filter(
        (key) =>
          !SAME_EVERYWHERE.has(key) &&
          /[a-z]{3}/.test(ENGLISH[key] as string) &&
          catalog[key as keyof Catalog] === ENGLISH[key],
      )
      // Words shared with English (NFTs, Tokens, Wallets in German) stay few.
      expect(untranslated.length, untranslated.join(', ')).to.be.below(12)
      setLocale(locale)
      await loadLocale(locale)
      expect(langFor(locale)).to.equal(locale)
      expect(dirFor(locale)).to.equal(locale === 'ar' ? 'rtl' : 'ltr')
      expect(t('connecting.continueIn', { name: 'Alpha' })).to.equal(
        (catalog['connecting.continueIn'] as string).replace('{name}', 'Alpha'),
      )
      for (const code of Object.keys(KIT_ERROR_MESSAGES) as KitErrorCode[]) {
        expect(tError(codedError(code)), code).to.equal(catalog[`error.${code}`])
      }
      for (const code of Object.keys(ALERTS) as AlertCode[]) {
        const alert = { code, variant: 'error' as const }
        expect(tAlert(alert), code).to.deep.equal({
          title: catalog[`alert.${code}.title`],
          description: catalog[`alert.${code}.description`],
        })
      }
      const toasts: Record<ToastCode, string> = { ...TOAST_MESSAGES, ...AUTH_TOAST_MESSAGES }
      for (const code of Object.keys(toasts) as ToastCode[]) {
        expect(tToast({ code, message: toasts[code] })).to.equal(catalog[`toast.${code}`])
      }
    })
  }
})

describe('picking the locale', () => {
  const html = document.documentElement
  const pageLang = html.lang

  afterEach(() => {
    html.lang = pageLang
    delete (navigator as { languages?: unknown }).languages
    for (const el of document.querySelectorAll('w3m-modal')) el.remove()
    resetAll()
  })

  /** The browser's preferred languages, as a visitor's settings would give them. */
  function browserLanguages(languages: string[]) {
    Object.defineProperty(navigator, 'languages', { get: () => languages, configurable: true })
  }

  it('matches a tag to a catalog: exact, by language, pt to pt-BR, zh to zh-CN', () => {
    const cases: [string, string | undefined][] = [
      ['en', 'en'],
      ['en-US', 'en'],
      ['ar-EG', 'ar'],
      ['es', 'es'],
      ['es-MX', 'es'],
      ['es_419', 'es'],
      ['FR-ca', 'fr'],
      ['de-AT', 'de'],
      ['ja-JP', 'ja'],
      ['pt', 'pt-BR'],
      ['pt-br', 'pt-BR'],
      ['pt-PT', 'pt-BR'],
      ['zh', 'zh-CN'],
      ['zh-Hans', 'zh-CN'],
      ['zh-CN', 'zh-CN'],
      ['zh-Hans-SG', 'zh-CN'],
      ['zh-TW', undefined],
      ['zh-Hant-HK', undefined],
      ['it', undefined],
      ['', undefined],
    ]
    for (const [tag, expected] of cases) expect(matchLocale(tag), tag).to.equal(expected)
  })

  it('takes the first page or browser language a catalog speaks, else English', () => {
    expect(pageLocale(['de-CH', 'fr'])).to.equal('de')
    expect(pageLocale(['', 'it-IT', 'zh-TW', 'es-MX', 'fr'])).to.equal('es')
    expect(pageLocale(['it', 'nl'])).to.equal('en')
    expect(pageLocale([])).to.equal('en')
  })

  it('createModal: the locale option beats <html lang>, which beats navigator.languages', () => {
    const options = { projectId: 'p', networks: [mainnet] }
    browserLanguages(['it-IT', 'pt', 'en'])
    html.lang = 'ja'
    createModal({ ...options, locale: 'fr' })
    expect($locale.get()).to.equal('fr')
    createModal(options)
    expect($locale.get()).to.equal('ja')
    html.lang = ''
    createModal(options)
    expect($locale.get()).to.equal('pt-BR')
    // A page language no catalog speaks gives way to the browser's.
    html.lang = 'nl'
    browserLanguages(['zh-Hans-CN', 'en'])
    createModal(options)
    expect($locale.get()).to.equal('zh-CN')
    browserLanguages(['nl', 'it'])
    createModal(options)
    expect($locale.get()).to.equal('en')
  })

  it('createModal: the page language brings its catalog, and the modal speaks it', async () => {
    browserLanguages(['en-US'])
    html.lang = 'de-DE'
    createModal({ projectId: 'p', networks: [mainnet] })
    expect($locale.get()).to.equal('de')
    await loadLocale($locale.get())
    expect(t('modal.close')).to.equal(CATALOGS.de?.['modal.close'])
  })
})

describe('translation completeness', () => {
  afterEach(() => setLocale('en'))

  it('lists the keys each locale lacks, and keys whose placeholders differ', () => {
    const english = { 'demo.one': 'One', 'demo.two': 'Two {name}', 'demo.three': 'Three' }
    const gaps = catalogGaps(english, {
      de: { 'demo.one': 'Eins', 'demo.two': 'Zwei {name}', 'demo.three': 'Drei' },
      fr: { 'demo.one': 'Un', 'demo.two': 'Deux {nom}', 'demo.three': ' ' },
      es: { 'demo.one': 'Uno', 'demo.two': 'Dos {name}' },
    })
    expect(gaps).to.deep.equal({
      fr: { missing: ['demo.three'], placeholders: ['demo.two'] },
      es: { missing: ['demo.three'], placeholders: [] },
    })
  })

  it('a locale that lacks a key shows its English at run time', async () => {
    const only = 'demo.onlyEnglish' as MessageKey
    const both = 'demo.translated' as MessageKey
    registerFeatureStrings(
      { [only]: 'Only in English', [both]: 'Translated' },
      {
        de: async () => ({ catalog: { [both]: 'Übersetzt' } }),
      },
    )
    setLocale('de')
    await loadLocale('de')
    await until(() => t(both) === 'Übersetzt', 'the German part')
    expect(t(only)).to.equal('Only in English')
  })
})
