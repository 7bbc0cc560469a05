// The network feature's strings in de. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'networks.list': 'Netzwerke',
  'networks.selected': 'Ausgewählt',
  'networks.switching': 'Netzwerk wird gewechselt…',
  'networks.unsupported':
    'Diese App unterstützt dein aktuelles Netzwerk nicht. Wechsle zu einer verfügbaren Option, um fortzufahren.',
  'switchNetwork.title': 'In der Wallet bestätigen',
  'switchNetwork.approve': 'Bestätige den Netzwerkwechsel in deiner Wallet',
  'switchNetwork.to': 'Zu {name} wechseln',
  'switchNetwork.missing': 'Es wurde kein Netzwerk gewählt.',
  'switchActiveChain.hint': 'Keine {chain}-Wallet verbunden. Verbinde eine, um {name} zu nutzen.',
  'switchActiveChain.connect': 'Wallet für {chain} verbinden',
}
