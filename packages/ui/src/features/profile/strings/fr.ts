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
}
