// The send feature's strings in fr. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Transfers: a typed amount's and the adapters' errors (core's amount and transfer tables)
  'error.INVALID_AMOUNT': 'Montant invalide',
  'error.TOO_MANY_DECIMALS':
    'Le montant {amount} a plus de décimales que le jeton ne le permet ({decimals})',
  'error.TRANSACTION_TIMEOUT': "La transaction n'a pas été confirmée à temps",
  'error.TRANSACTION_FAILED': 'La transaction a échoué',
  'error.RENT_EXEMPT_MINIMUM':
    'Le destinataire est un nouveau compte : envoyez au moins {amount} SOL',
  'error.RENT_SENDER_MINIMUM': 'Ce transfert laisserait votre compte sous {amount} SOL',

  // Send's errors (core's send table; the swap views, in the same chunk, show them too)
  'error.SEND_TOKEN_REQUIRED': 'Un jeton est requis',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': 'Un montant et une adresse de destination sont requis',
  'error.SEND_AMOUNT_NOT_POSITIVE': 'Le montant doit être supérieur à 0',
  'error.INSUFFICIENT_BALANCE': 'Solde insuffisant',
  'error.INSUFFICIENT_FEE': 'Il ne reste pas assez de fonds pour les frais de réseau',
  'error.INVALID_RECEIVER': 'Adresse de destination non valide',
  'error.NAME_NOT_RESOLVED': 'Aucune adresse trouvée pour ce nom',
  'error.SEND_UNAVAILABLE': 'L’envoi n’est pas disponible ici',
  'error.TRANSACTION_REVERTED': 'La transaction a échoué',
  'error.TRANSACTION_DROPPED': 'La transaction est introuvable sur le réseau',

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
