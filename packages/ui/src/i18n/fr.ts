// The French catalog. Wallet, network and token names stay as given; French typography puts a
// narrow no-break space (U+202F) before « : » « ; » « ? » « ! ».
import { type CodeMessages, codeEntries } from './codes.js'
import type { Catalog } from './index.js'

export const fr: Catalog = {
  'modal.back': 'Retour',
  'modal.close': 'Fermer',
  'modal.notifications': 'Notifications',
  'alert.dismiss': 'Ignorer',
  'common.loading': 'Chargement…',
  'common.tryAgain': 'Réessayer',
  'common.newTab': '(s’ouvre dans un nouvel onglet)',

  'view.Connect': 'Connecter un portefeuille',
  'view.Account': 'Compte',
  'view.AllWallets': 'Tous les portefeuilles',
  'view.ConnectingExternal': '{name}',
  'view.ConnectingWalletConnect': 'WalletConnect',
  'view.ConnectingWalletConnectBasic': 'WalletConnect',
  'view.ConnectingFarcaster': 'Farcaster',
  'view.EmailLogin': 'Connexion par e-mail',
  'view.ProfileWallets': 'Portefeuilles',
  'view.UnsupportedChain': 'Changer de réseau',
  'view.RegisterAccountName': 'Choisir un nom',
  'view.RegisterAccountNameSuccess': 'Nom enregistré',
  'view.SwitchNetwork': 'Changer de réseau',
  'view.SwitchActiveChain': 'Changer de chaîne',
  'view.UpdateEmailWallet': 'Modifier l’e-mail',
  'view.ChangeRecovery': 'Récupération du portefeuille',
  'view.SIWXSignMessage': 'Se connecter',
  'view.ApproveTransaction': 'Approuver la transaction',
  'view.Networks': 'Choisir un réseau',
  'view.Swap': 'Échanger',
  'view.WalletSend': 'Envoyer',
  'view.WalletReceive': 'Recevoir',
  'view.OnRampProviders': 'Acheter des cryptos',
  'view.Transactions': 'Activité',

  'router.loadFailed': 'Impossible de charger cet écran.',
  'router.notAvailable': 'Cet écran n’est pas encore disponible.',

  'connecting.unknownWallet': 'Portefeuille',

  // E-mail login, e-mail update and approval (embedded wallet)

  'button.connect': 'Connecter un portefeuille',
  'button.connecting': 'Connexion…',
  'button.account': 'Compte {name}',
  'button.network': 'Réseau\u202f: {name}',
  'button.selectNetwork': 'Choisir un réseau',
  'button.unsupported': 'Réseau non pris en charge',

  'toast.success': 'Succès',
  'toast.error': 'Erreur',
  'toast.loading': 'En cours',
  'toast.callsOneByOne':
    'Votre portefeuille ne peut pas regrouper les appels : il les a envoyés un par un, pas en un seul lot',
}

/** Core's errors, alerts and toasts in French, by code (`null`: shown in the error's own words). */
export const frCodes: CodeMessages = {
  errors: {
    UNSUPPORTED_CHAIN: 'Réseau non pris en charge',
    MODAL_CLOSED: 'Fenêtre fermée',
    CONNECTION_REJECTED: 'Connexion refusée',
    FAILED_TO_CONNECT: 'Échec de la connexion',
    FAILED_TO_CONNECT_FARCASTER: 'Échec de la connexion à Farcaster',
    NO_AUTH_CONNECTOR: 'Aucun connecteur d’authentification trouvé',
    NOT_CONNECTED_TO_EMAIL_OR_SOCIAL: 'Aucune connexion par e-mail ou réseau social',
    NO_ACTIVE_CAIP_NETWORK_OR_CLIENT: 'Aucun réseau actif ni client trouvé',
    NO_CONNECTION_CONTROLLER_CLIENT: 'Aucun client de connexion trouvé',
    TRANSACTIONS_WITHOUT_ADDRESS:
      'Impossible de récupérer les transactions sans l’adresse du compte',
    NO_TRANSPORT_URL: 'Aucune URL n’a été fournie au transport',
    EMAIL_LOGIN_DEPENDENCY: 'Impossible de charger le module de connexion par e-mail',
    FRAME_IFRAME_NOT_SET: 'Le cadre du portefeuille intégré n’est pas défini',
    FRAME_PARENT_NOT_SET: 'La page parente n’est pas définie',
    SIWX_NOT_ENABLED: 'La connexion par portefeuille (SIWX) n’est pas activée',
    NO_ACTIVE_CAIP_ADDRESS: 'Aucune adresse active trouvée',
    CHAIN_NOT_SUPPORTED: 'Ce réseau n’est pas pris en charge',
    ADAPTER_NOT_FOUND: 'Adaptateur introuvable',
    CAIP_NETWORK_UNDEFINED: 'Le réseau n’est pas défini',
    CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'Le réseau ou l’adresse n’est pas défini',
    CHAIN_NOT_CONFIGURED: 'Réseau non configuré',
    CONNECTOR_ALREADY_CONNECTED: 'Le portefeuille est déjà connecté',
    CONNECTOR_NOT_CONNECTED: 'Le portefeuille n’est pas connecté',
    CONNECTOR_ACCOUNT_NOT_FOUND: 'Compte du portefeuille introuvable',
    CONNECTOR_CHAIN_MISMATCH: 'Le réseau du portefeuille ne correspond pas au réseau choisi',
    CONNECTOR_RECONNECTING: 'Portefeuille indisponible pendant la reconnexion',
    PROVIDER_NOT_FOUND: 'Fournisseur introuvable',
    NO_PROGRAMMATIC_SWITCH:
      'Ce portefeuille ne permet pas de changer de réseau depuis l’application',
    REQUEST_ABORTED: 'La requête a été annulée',
    SOMETHING_WENT_WRONG: 'Une erreur est survenue',
    AN_ERROR_OCCURRED: 'Une erreur s’est produite',
    UNKNOWN: 'Erreur inconnue',
    DISCONNECT_FAILED: null,
    SIGNATURE_DECLINED: 'Signature refusée',
    SIWE_AND_SIWX: 'Impossible de définir à la fois les options `siweConfig` et `siwx`',
    INVALID_OPTIONS: null,
    INVALID_STORAGE_VALUE: null,
    INVALID_CAIP_NETWORK_ID: null,
    INVALID_CAIP_ADDRESS: null,
    INVALID_NUMBER: null,
    INVALID_DECIMALS: null,
    INVALID_GENESIS_HASH: 'Hachage du bloc de genèse invalide',
    API_UNREACHABLE: 'Une erreur est survenue',
    API_HTTP_ERROR: null,
    WALLET_CODE_NOT_LOADED: 'Impossible de charger le code du portefeuille',
    UNSUPPORTED_METHOD: 'L’appel RPC demandé n’est pas autorisé',
    INVALID_PARAMS: 'Paramètres de requête invalides',
    INVALID_TRANSFER: 'Transfert invalide',
    RPC_ERROR: null,
    RPC_UNREACHABLE: 'Erreur réseau',
    NON_PAYMENT_ACCOUNT: 'Le passage à des comptes autres que de paiement n’est pas autorisé',
    HTTP_ERROR: 'Code de statut HTTP : {status}',
    NODE_UNEXPECTED_ANSWER: 'Le réseau a répondu de façon inattendue',
    INVALID_ADDRESS: 'Adresse invalide',
    UNSUPPORTED_TOKEN_TRANSFER: 'Les transferts de jetons ne sont pas pris en charge sur {network}',
    UNSUPPORTED_ADDRESS_TYPE:
      'Les transferts depuis des adresses {type} ne sont pas pris en charge',
    WALLET_UNEXPECTED_ANSWER: 'Le portefeuille a répondu de façon inattendue',
    WALLET_NO_TRANSACTION: "Le portefeuille n'a renvoyé aucune transaction",
    WALLET_NO_SIGNATURE: "Le portefeuille n'a renvoyé aucune signature",
    WALLET_DID_NOT_SIGN: "Le portefeuille n'a pas signé",
    WALLET_FEATURE_MISSING: 'Le portefeuille ne prend pas en charge {feature}',
    WALLET_CANNOT_SIGN_MESSAGES: 'Le portefeuille ne peut pas signer de messages',
    WALLET_CANNOT_SEND: 'Le portefeuille ne peut pas envoyer de transactions',
    WALLET_NO_TAPROOT_KEY:
      "Le portefeuille n'a donné aucune clé taproot pour son adresse de paiement",
    WALLET_NO_P2SH_KEY: "Le portefeuille n'a donné aucune clé publique pour son adresse P2SH",
    // The embedded wallet frame (its failures and the server's e-mail login errors)
    FRAME_LOAD_FAILED: 'Erreur réseau – impossible de charger le portefeuille intégré',
    FRAME_REQUEST_TIMEOUT: 'La requête au portefeuille intégré a expiré',
    FRAME_UNVERIFIED_DOMAIN: 'Configuration de l’application invalide',
    EMBEDDED_SESSION_EXPIRED: 'Session expirée',
    EMBEDDED_PROJECT_NOT_FOUND: 'ID de projet non configuré',
    EMBEDDED_SERVER_ERROR: 'Erreur du serveur',
    EMAIL_RATE_LIMITED: null,
  },
  alerts: {
    NETWORK_NOT_FOUND: {
      title: 'Réseau introuvable',
      description:
        'Le réseau vers lequel vous avez voulu basculer n’est pas configuré dans cette application.',
    },
    INVALID_APP_CONFIGURATION: {
      title: 'Configuration de l’application invalide',
      description: 'Cette page ne fait pas partie des origines autorisées du projet.',
    },
    EMBEDDED_WALLET_LOAD_FAILED: {
      title: 'Erreur réseau – impossible de charger le portefeuille intégré',
      description: 'Vérifiez votre connexion et rechargez la page.',
    },
    EMBEDDED_WALLET_TIMEOUT: {
      title: 'La requête au portefeuille intégré a expiré',
      description: 'Le portefeuille intégré n’a pas répondu à temps. Réessayez.',
    },
    SESSION_EXPIRED: { title: 'Session expirée', description: 'Reconnectez votre portefeuille.' },
    PROJECT_ID_NOT_CONFIGURED: {
      title: 'ID de projet non configuré',
      description: 'Définissez `projectId` dans les options passées à createModal().',
    },
    SERVER_ERROR: {
      title: 'Erreur du serveur',
      description: 'Le serveur du projet n’a pas répondu.',
    },
    RATE_LIMITED: {
      title: 'Trop de requêtes',
      description: 'Trop de requêtes. Réessayez dans un instant.',
    },
  },
  toasts: {
    TOKEN_BALANCE_UNAVAILABLE: 'Solde des jetons indisponible',
    FAILED_TO_FETCH_TRANSACTIONS: 'Impossible de récupérer les transactions',
    SIGNATURE_DECLINED: 'Signature refusée',
    AUTHENTICATING: 'Authentification...',
    AUTH_INIT_FAILED: 'Un problème est survenu lors de l’initialisation de l’authentification',
    ACTION_NOT_ALLOWED: 'Action non autorisée',
  },
}

/** The whole catalog, view strings and codes, as `loadLocale` registers it. */
export const catalog: Catalog = { ...fr, ...codeEntries(frCodes) }
