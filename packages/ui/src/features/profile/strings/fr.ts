// The profile feature's strings in fr. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'profile.eoa': 'Compte ordinaire (EOA)',
  'profile.smartAccount': 'Compte intelligent',
  'profile.active': 'Actif',
  'profile.use': 'Utiliser ce compte',
  'profile.deployed': 'Déployé',
  'profile.notDeployed': 'Pas encore déployé : votre première transaction le déploie',
  'profile.balance': 'Solde : {amount} {symbol}',
  'profile.balanceUnknown': 'Solde indisponible',
  'profile.noSmartAccount': 'Les comptes intelligents ne sont pas disponibles sur ce réseau.',
  'profile.loading': 'Chargement de vos comptes…',
  'profile.switching': 'Changement…',
  'profile.account7702': 'Votre compte (EIP-7702) : une adresse pour les deux',
  'profile.delegated': 'Délégué : cette adresse est un compte intelligent',
  'profile.notDelegated':
    'Pas encore délégué : votre première transaction en compte intelligent le délègue',
  'profile.actsAsSmart': 'Fonctionne comme compte intelligent',
  'profile.actsAsEoa': 'Fonctionne comme compte ordinaire (EOA)',
  'profile.useSmart': 'Utiliser comme compte intelligent',
  'profile.useEoa': 'Utiliser comme compte ordinaire',
}
