// Core's coded texts in the catalogs: errors, alerts and toasts are translated by code and fall
// back to core's English; text of the caller's own (a server's) is never mistaken for core's.

import { expect } from '@open-wc/testing'
import {
  $alert,
  ALERTS,
  type AlertCode,
  AUTH_TOAST_MESSAGES,
  adapterError,
  BaseError,
  codedError,
  ERROR_MESSAGES,
  type ErrorCode,
  KIT_ERROR_MESSAGES,
  type KitErrorCode,
  kitError,
  setLocale,
  showAlert,
  TOAST_MESSAGES,
  type ToastCode,
} from '@openmodal/core/internal'
import { englishCatalog, shippedCatalog } from '../test/catalogs.js'
import { arCodes } from './ar.js'
import { tAlert, tError, tToast } from './coded.js'
import type { CodeMessages } from './codes.js'
import { deCodes } from './de.js'
import { enViews } from './en-views.js'
import { esCodes } from './es.js'
import { frCodes } from './fr.js'
import '../features/connect/strings/en.js'
import { loadLocale } from './index.js'
import { jaCodes } from './ja.js'
import { tCount } from './plural.js'
import { ptBRCodes } from './pt-br.js'
import { zhCNCodes } from './zh-cn.js'

// Every feature's English registers its locales' parts, as loading its views would.
await englishCatalog()
/** The whole Arabic catalog: the shell's and every feature's part (their errors included). */
const AR = await shippedCatalog('ar')

const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[]
/** The codes the kit builds errors from; the others always carry words of their own. */
const KIT_CODES = Object.keys(KIT_ERROR_MESSAGES) as KitErrorCode[]
const ALERT_CODES = Object.keys(ALERTS) as AlertCode[]
const ALL_TOASTS: Readonly<Record<ToastCode, string>> = {
  ...TOAST_MESSAGES,
  ...AUTH_TOAST_MESSAGES,
}
const TOAST_CODES = Object.keys(ALL_TOASTS) as ToastCode[]

function currentAlert() {
  const alert = $alert.get()
  if (!alert) throw new Error('no alert')
  return alert
}

describe('coded texts in the catalogs', () => {
  afterEach(() => {
    setLocale('en')
    $alert.set(null)
  })

  it('reads every error code in core English, from core', () => {
    setLocale('en')
    for (const code of KIT_CODES) {
      expect(tError(codedError(code)), code).to.equal(ERROR_MESSAGES[code])
    }
    for (const code of ALERT_CODES) {
      showAlert(code)
      expect(tAlert(currentAlert()), code).to.deep.equal(ALERTS[code])
    }
    for (const code of TOAST_CODES) {
      expect(tToast({ code, message: ALL_TOASTS[code] })).to.equal(ALL_TOASTS[code])
    }
  })

  it('keeps English error, alert and toast texts out of the view strings', () => {
    const coded = Object.keys(enViews).filter((key) =>
      /^(error\.|alert\.[A-Z]|toast\.[A-Z])/.test(key),
    )
    expect(coded).to.deep.equal([])
  })

  it('has every core code in the Arabic catalog (shell or feature), or core English on purpose', async () => {
    const ownWords = Object.entries(arCodes.errors).filter(([, text]) => text === null)
    const translated = KIT_CODES.filter((code) => AR[`error.${code}`] !== undefined)
    expect([...translated, ...ownWords.map(([code]) => code)].sort()).to.deep.equal(
      [...ERROR_CODES].sort(),
    )
    expect(Object.keys(arCodes.alerts).sort()).to.deep.equal([...ALERT_CODES].sort())
    expect(Object.keys(arCodes.toasts).sort()).to.deep.equal([...TOAST_CODES].sort())
    setLocale('ar')
    await loadLocale('ar')
    for (const code of KIT_CODES) {
      const arabic = AR[`error.${code}`]
      expect(tError(codedError(code)), code).to.equal(arabic)
      expect(arabic, code).to.not.equal(ERROR_MESSAGES[code])
    }
    // Errors that always carry their own words are shown in them: no translation to keep.
    for (const code of ERROR_CODES.filter((code) => !(code in KIT_ERROR_MESSAGES))) {
      expect(arCodes.errors[code], code).to.equal(null)
      const own = new BaseError(`${ERROR_MESSAGES[code]}: 42`, { code })
      expect(tError(own), code).to.equal(own.shortMessage)
    }
    for (const code of ALERT_CODES) {
      showAlert(code)
      expect(tAlert(currentAlert()), code).to.deep.equal(arCodes.alerts[code])
    }
    for (const code of TOAST_CODES) {
      expect(tToast({ code, message: ALL_TOASTS[code] })).to.equal(arCodes.toasts[code])
    }
    expect(tToast({ message: 'Address copied' })).to.equal('Address copied')
  })

  it("shows a server's words as given, even when they equal core's English", async () => {
    setLocale('ar')
    await loadLocale('ar')
    // A server that answers with the very text of the default description: still the server's.
    showAlert('SERVER_ERROR', { description: ALERTS.SERVER_ERROR.description })
    expect(tAlert(currentAlert())).to.deep.equal({
      title: arCodes.alerts.SERVER_ERROR.title,
      description: ALERTS.SERVER_ERROR.description,
    })
    showAlert('SERVER_ERROR')
    expect(tAlert(currentAlert()).description).to.equal(arCodes.alerts.SERVER_ERROR.description)
    // The same for an error: the server refused a name in words equal to core's rule.
    const refused = new BaseError(ERROR_MESSAGES.NAME_REJECTED, { code: 'NAME_REJECTED' })
    expect(tError(refused)).to.equal(ERROR_MESSAGES.NAME_REJECTED)
    expect(tError(codedError('NAME_REJECTED'))).to.equal(AR['error.NAME_REJECTED'])
    // An error with values in its words keeps them.
    const rent = new BaseError('The recipient is a new account: send at least 0.00089088 SOL', {
      code: 'RENT_EXEMPT_MINIMUM',
    })
    expect(tError(rent)).to.equal(rent.shortMessage)
  })

  it('translates a wrapped error by its own code, not its cause', async () => {
    setLocale('ar')
    await loadLocale('ar')
    const rejection = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const wrapped = kitError('CONNECTION_REJECTED', {
      cause: kitError('FAILED_TO_CONNECT', { cause: rejection }),
    })
    expect(tError(wrapped)).to.equal(arCodes.errors.CONNECTION_REJECTED)
    expect(tError(rejection)).to.equal('User rejected the request.')
  })

  it('shows the Bitcoin refusal of a non-payment account in every shipped locale', async () => {
    // As the Bitcoin adapter's switchAccount throws it (spec §5), details included.
    const refusal = adapterError('NON_PAYMENT_ACCOUNT', {
      details: 'bcrt1p… is an ordinals account',
    })
    expect(refusal.code).to.equal('NON_PAYMENT_ACCOUNT')
    setLocale('en')
    expect(tError(refusal)).to.equal('Switching to non-payment accounts is not allowed')
    const catalogs: Record<string, CodeMessages> = {
      ar: arCodes,
      de: deCodes,
      es: esCodes,
      fr: frCodes,
      ja: jaCodes,
      'pt-BR': ptBRCodes,
      'zh-CN': zhCNCodes,
    }
    for (const [locale, codes] of Object.entries(catalogs)) {
      setLocale(locale)
      await loadLocale(locale)
      const shown = tError(refusal)
      expect(shown, locale).to.equal(codes.errors.NON_PAYMENT_ACCOUNT)
      expect(shown, locale).to.not.equal(ERROR_MESSAGES.NON_PAYMENT_ACCOUNT)
    }
  })
})

describe('counted texts', () => {
  afterEach(() => setLocale('en'))

  it('picks the CLDR plural form of the locale: "1 wallet", Arabic\'s dual and few', async () => {
    expect([0, 1, 2, 7].map((n) => tCount('allWallets.count', n))).to.deep.equal([
      '0 wallets',
      '1 wallet',
      '2 wallets',
      '7 wallets',
    ])
    setLocale('ar')
    await loadLocale('ar')
    expect([1, 2, 7, 11].map((n) => tCount('allWallets.count', n))).to.deep.equal([
      '1 محفظة',
      '2 محفظتان',
      '7 محافظ',
      '11 محفظة',
    ])
    setLocale('fr')
    await loadLocale('fr')
    expect([0, 1, 2].map((n) => tCount('allWallets.count', n))).to.deep.equal([
      '0 portefeuille',
      '1 portefeuille',
      '2 portefeuilles',
    ])
  })
})
