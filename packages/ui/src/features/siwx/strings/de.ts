// The siwx feature's strings in de. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'siwx.headline': 'Bei {name} anmelden',
  'siwx.domain': 'Deine Wallet zeigt diese Anfrage als kommend von',
  'siwx.approve': 'Bestätige die Signatur in deiner Wallet',
  'siwx.sign': 'Signieren',
  'siwx.cancel': 'Abbrechen',
  'siwx.failed': 'Anmeldung fehlgeschlagen',
}
