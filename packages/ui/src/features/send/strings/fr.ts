// The send feature's strings in fr. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.WalletSendSelectToken': 'Choisir un jeton',
  'view.WalletSendPreview': 'Vérifier l’envoi',
  'send.amount': 'Montant',
  'send.changeToken': 'Jeton : {symbol}. Changer de jeton',
  'send.pickToken': 'Choisir un jeton',
  'send.balance': 'Solde : {amount} {symbol}',
  'send.max': 'Maximum',
  'send.receiver': 'À',
  'send.receiverPlaceholder': 'Adresse ou nom',
  'send.resolving': 'Recherche du nom…',
  'send.resolved': '{name} ({address})',
  'send.preview': 'Vérifier l’envoi',
  'send.disabled': 'L’envoi est désactivé dans cette application.',
  'send.unsupported': 'L’envoi n’est pas disponible sur ce réseau.',
  'send.searchToken': 'Rechercher par nom ou symbole',
  'send.noMatch': 'Aucun jeton ne correspond',
  'send.value': 'Valeur',
  'send.to': 'À',
  'send.network': 'Réseau',
  'send.fee': 'Frais de réseau',
  'send.feeUnknown': 'Fixés par votre portefeuille',
  'send.approve': 'Approuvez la transaction dans votre portefeuille',
  'send.offline': 'Hors ligne : l’envoi partira dès votre retour en ligne',
  'send.cancel': 'Annuler',
  'send.send': 'Envoyer',
  'send.success': '{amount} {symbol} envoyés',
  'send.pendingToast': 'Transaction en attente',
  'send.viewOn': 'Voir sur {name}',
}
