// The network feature's strings in fr. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'networks.list': 'Réseaux',
  'networks.selected': 'Sélectionné',
  'networks.switching': 'Changement de réseau…',
  'networks.unsupported':
    'Cette application ne prend pas en charge votre réseau actuel. Passez à une option disponible pour continuer.',
  'switchNetwork.title': 'Approuvez dans le portefeuille',
  'switchNetwork.approve': 'Approuvez le changement de réseau dans votre portefeuille',
  'switchNetwork.to': 'Passer à {name}',
  'switchNetwork.missing': 'Aucun réseau n’a été choisi.',
  'switchActiveChain.hint':
    'Aucun portefeuille {chain} n’est connecté. Connectez-en un pour utiliser {name}.',
  'switchActiveChain.connect': 'Connecter un portefeuille {chain}',
}
