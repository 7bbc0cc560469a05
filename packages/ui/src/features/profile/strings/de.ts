// The profile feature's strings in de. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'profile.eoa': 'Normales Konto (EOA)',
  'profile.smartAccount': 'Smart Account',
  'profile.active': 'Aktiv',
  'profile.use': 'Dieses Konto verwenden',
  'profile.deployed': 'Bereitgestellt',
  'profile.notDeployed': 'Noch nicht bereitgestellt: deine erste Transaktion stellt es bereit',
  'profile.balance': 'Guthaben: {amount} {symbol}',
  'profile.balanceUnknown': 'Guthaben nicht verfügbar',
  'profile.noSmartAccount': 'Smart Accounts sind in diesem Netzwerk nicht verfügbar.',
  'profile.loading': 'Deine Konten werden geladen…',
  'profile.switching': 'Wird gewechselt…',
  'profile.account7702': 'Dein Konto (EIP-7702): eine Adresse für beides',
  'profile.delegated': 'Delegiert: diese Adresse ist ein Smart Account',
  'profile.notDelegated':
    'Noch nicht delegiert: deine erste Transaktion als Smart Account delegiert sie',
  'profile.actsAsSmart': 'Arbeitet als Smart Account',
  'profile.actsAsEoa': 'Arbeitet als normales Konto (EOA)',
  'profile.useSmart': 'Als Smart Account verwenden',
  'profile.useEoa': 'Als normales Konto verwenden',
}
