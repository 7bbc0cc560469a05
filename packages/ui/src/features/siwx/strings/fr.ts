// The siwx feature's strings in fr. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'siwx.headline': 'Connexion à {name}',
  'siwx.domain': 'Votre portefeuille indiquera que cette demande vient de',
  'siwx.approve': 'Approuvez la signature dans votre portefeuille',
  'siwx.sign': 'Signer',
  'siwx.cancel': 'Annuler',
  'siwx.failed': 'Échec de l’authentification',
}
