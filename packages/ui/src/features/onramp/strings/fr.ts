// The on-ramp feature's strings in fr. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.OnRampProviders': 'Acheter des cryptos',
  'view.BuyInProgress': 'Achat en cours',
  'onramp.amount': 'Montant ({currency})',
  'onramp.currency': 'Devise',
  'onramp.crypto': 'Crypto à acheter',
  'onramp.method': 'Payer par',
  'onramp.card': 'Carte',
  'onramp.bank': 'Virement bancaire',
  'onramp.limits': 'De {min} à {max} {currency}',
  'onramp.asset': 'Vous achetez {symbol} sur {network}',
  'onramp.invalid': 'Saisissez un montant comme 100 ou 99,50',
  'onramp.below': 'Le minimum avec ce moyen de paiement est de {min} {currency}',
  'onramp.above':
    'Le maximum avec ce moyen de paiement est de {max} {currency}. Baissez le montant ou payez par virement.',
  'onramp.aboveBank':
    'Le maximum avec ce moyen de paiement est de {max} {currency}. Baissez le montant.',
  'onramp.providers': 'Fournisseurs',
  'onramp.fee': 'Frais {percent} % ({fee} {currency})',
  'onramp.receive': 'Vous recevez environ {amount} {symbol}',
  'onramp.noPrice': 'Le montant reçu est indiqué par le fournisseur',
  'onramp.enterAmount': 'Saisissez un montant pour voir les offres.',
  'onramp.loading': 'Chargement…',
  'onramp.unavailable': 'L’achat de cryptos n’est pas disponible sur ce réseau.',
  'onramp.failedOptions': 'Les offres n’ont pas pu être chargées. Réessayez.',
  'onramp.retry': 'Réessayer',
  'onramp.buyWith': 'Acheter avec {provider}',
  'onramp.waiting':
    'Terminez l’achat dans la fenêtre {provider}. Cette page se met à jour toute seule.',
  'onramp.blocked': 'Votre navigateur a bloqué la fenêtre {provider}.',
  'onramp.open': 'Ouvrir {provider} dans un nouvel onglet',
  'onramp.done': 'Achat terminé : {amount} {symbol} reçus',
  'onramp.failed': 'L’achat a échoué. Cette application n’a rien débité ; vous pouvez réessayer.',
  'onramp.back': 'Retour aux offres',
}
