// The German catalog (informal "du", as wallets address their users). Wallet, network and
// token names stay as given.
import { type CodeMessages, codeEntries } from './codes.js'
import type { Catalog } from './index.js'

export const de: Catalog = {
  'modal.back': 'Zurück',
  'modal.close': 'Schließen',
  'modal.notifications': 'Benachrichtigungen',
  'alert.dismiss': 'Ausblenden',
  'common.loading': 'Wird geladen…',
  'common.tryAgain': 'Erneut versuchen',
  'common.newTab': '(öffnet in einem neuen Tab)',

  'view.Connect': 'Wallet verbinden',
  'view.Account': 'Konto',
  'view.AllWallets': 'Alle Wallets',
  'view.ConnectingExternal': '{name}',
  'view.ConnectingWalletConnect': 'WalletConnect',
  'view.ConnectingWalletConnectBasic': 'WalletConnect',
  'view.ConnectingFarcaster': 'Farcaster',
  'view.EmailLogin': 'Anmeldung per E-Mail',
  'view.ProfileWallets': 'Wallets',
  'view.UnsupportedChain': 'Netzwerk wechseln',
  'view.RegisterAccountName': 'Namen wählen',
  'view.RegisterAccountNameSuccess': 'Name registriert',
  'view.SwitchNetwork': 'Netzwerk wechseln',
  'view.SwitchActiveChain': 'Chain wechseln',
  'view.UpdateEmailWallet': 'E-Mail ändern',
  'view.ChangeRecovery': 'Wallet-Wiederherstellung',
  'view.SIWXSignMessage': 'Anmelden',
  'view.ApproveTransaction': 'Transaktion bestätigen',
  'view.Networks': 'Netzwerk wählen',
  'view.Swap': 'Tauschen',
  'view.WalletSend': 'Senden',
  'view.WalletReceive': 'Empfangen',
  'view.OnRampProviders': 'Krypto kaufen',
  'view.Transactions': 'Aktivität',

  'router.loadFailed': 'Diese Ansicht konnte nicht geladen werden.',
  'router.notAvailable': 'Diese Ansicht ist noch nicht verfügbar.',

  'connecting.unknownWallet': 'Wallet',

  // E-mail login, e-mail update and approval (embedded wallet)

  'button.connect': 'Wallet verbinden',
  'button.connecting': 'Verbinde…',
  'button.account': 'Konto {name}',
  'button.network': 'Netzwerk: {name}',
  'button.selectNetwork': 'Netzwerk wählen',
  'button.unsupported': 'Nicht unterstütztes Netzwerk',

  'toast.success': 'Erledigt',
  'toast.error': 'Fehler',
  'toast.loading': 'Läuft',
  'toast.callsOneByOne':
    'Deine Wallet kann keine Aufrufe bündeln: sie hat sie einzeln gesendet, nicht als ein Paket',
}

/** Core's errors, alerts and toasts in German, by code (`null`: shown in the error's own words). */
export const deCodes: CodeMessages = {
  errors: {
    UNSUPPORTED_CHAIN: 'Nicht unterstütztes Netzwerk',
    MODAL_CLOSED: 'Fenster geschlossen',
    CONNECTION_REJECTED: 'Verbindung abgelehnt',
    FAILED_TO_CONNECT: 'Verbindung fehlgeschlagen',
    FAILED_TO_CONNECT_FARCASTER: 'Verbindung mit Farcaster fehlgeschlagen',
    NO_AUTH_CONNECTOR: 'Kein Anmelde-Connector gefunden',
    NOT_CONNECTED_TO_EMAIL_OR_SOCIAL: 'Nicht per E-Mail oder Social Login verbunden',
    NO_ACTIVE_CAIP_NETWORK_OR_CLIENT: 'Kein aktives Netzwerk oder kein Client gefunden',
    NO_CONNECTION_CONTROLLER_CLIENT: 'Kein Verbindungs-Client gefunden',
    TRANSACTIONS_WITHOUT_ADDRESS: 'Ohne Kontoadresse können keine Transaktionen abgerufen werden',
    NO_TRANSPORT_URL: 'Für den Transport wurde keine URL angegeben',
    EMAIL_LOGIN_DEPENDENCY: 'Die Komponente für die E-Mail-Anmeldung konnte nicht geladen werden',
    FRAME_IFRAME_NOT_SET: 'Der Rahmen der eingebetteten Wallet ist nicht gesetzt',
    FRAME_PARENT_NOT_SET: 'Die übergeordnete Seite ist nicht gesetzt',
    SIWX_NOT_ENABLED: 'Die Anmeldung mit Wallet (SIWX) ist nicht aktiviert',
    NO_ACTIVE_CAIP_ADDRESS: 'Keine aktive Adresse gefunden',
    CHAIN_NOT_SUPPORTED: 'Netzwerk wird nicht unterstützt',
    ADAPTER_NOT_FOUND: 'Adapter nicht gefunden',
    CAIP_NETWORK_UNDEFINED: 'Netzwerk ist nicht festgelegt',
    CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'Netzwerk oder Adresse ist nicht festgelegt',
    CHAIN_NOT_CONFIGURED: 'Netzwerk nicht konfiguriert',
    CONNECTOR_ALREADY_CONNECTED: 'Wallet ist bereits verbunden',
    CONNECTOR_NOT_CONNECTED: 'Wallet ist nicht verbunden',
    CONNECTOR_ACCOUNT_NOT_FOUND: 'Wallet-Konto nicht gefunden',
    CONNECTOR_CHAIN_MISMATCH: 'Das Netzwerk der Wallet passt nicht zum gewählten Netzwerk',
    CONNECTOR_RECONNECTING: 'Wallet ist während der erneuten Verbindung nicht verfügbar',
    PROVIDER_NOT_FOUND: 'Provider nicht gefunden',
    NO_PROGRAMMATIC_SWITCH: 'Diese Wallet kann das Netzwerk nicht auf Anfrage der App wechseln',
    REQUEST_ABORTED: 'Die Anfrage wurde abgebrochen',
    SOMETHING_WENT_WRONG: 'Etwas ist schiefgelaufen',
    AN_ERROR_OCCURRED: 'Ein Fehler ist aufgetreten',
    UNKNOWN: 'Unbekannter Fehler',
    DISCONNECT_FAILED: null,
    SIGNATURE_DECLINED: 'Signatur abgelehnt',
    SIWE_AND_SIWX: 'Die Optionen `siweConfig` und `siwx` können nicht beide gesetzt werden',
    INVALID_OPTIONS: null,
    INVALID_STORAGE_VALUE: null,
    INVALID_CAIP_NETWORK_ID: null,
    INVALID_CAIP_ADDRESS: null,
    INVALID_NUMBER: null,
    INVALID_DECIMALS: null,
    INVALID_GENESIS_HASH: 'Ungültiger Genesis-Hash',
    API_UNREACHABLE: 'Etwas ist schiefgelaufen',
    API_HTTP_ERROR: null,
    WALLET_CODE_NOT_LOADED: 'Der Wallet-Code konnte nicht geladen werden',
    UNSUPPORTED_METHOD: 'Der angeforderte RPC-Aufruf ist nicht erlaubt',
    INVALID_PARAMS: 'Ungültige Anfrageparameter',
    INVALID_TRANSFER: 'Ungültige Überweisung',
    RPC_ERROR: null,
    RPC_UNREACHABLE: 'Netzwerkfehler',
    NON_PAYMENT_ACCOUNT: 'Der Wechsel zu Konten, die keine Zahlungskonten sind, ist nicht erlaubt',
    HTTP_ERROR: 'HTTP-Statuscode: {status}',
    NODE_UNEXPECTED_ANSWER: 'Das Netzwerk hat unerwartet geantwortet',
    INVALID_ADDRESS: 'Ungültige Adresse',
    UNSUPPORTED_TOKEN_TRANSFER: 'Token-Überweisungen werden auf {network} nicht unterstützt',
    UNSUPPORTED_ADDRESS_TYPE: 'Überweisungen von {type}-Adressen werden nicht unterstützt',
    WALLET_UNEXPECTED_ANSWER: 'Die Wallet hat unerwartet geantwortet',
    WALLET_NO_TRANSACTION: 'Die Wallet hat keine Transaktion zurückgegeben',
    WALLET_NO_SIGNATURE: 'Die Wallet hat keine Signatur zurückgegeben',
    WALLET_DID_NOT_SIGN: 'Die Wallet hat nicht signiert',
    WALLET_FEATURE_MISSING: 'Die Wallet unterstützt {feature} nicht',
    WALLET_CANNOT_SIGN_MESSAGES: 'Die Wallet kann keine Nachrichten signieren',
    WALLET_CANNOT_SEND: 'Die Wallet kann keine Transaktionen senden',
    WALLET_NO_TAPROOT_KEY:
      'Die Wallet hat keinen Taproot-Schlüssel für ihre Zahlungsadresse angegeben',
    WALLET_NO_P2SH_KEY:
      'Die Wallet hat keinen öffentlichen Schlüssel für ihre P2SH-Adresse angegeben',
    // The embedded wallet frame (its failures and the server's e-mail login errors)
    FRAME_LOAD_FAILED: 'Netzwerkfehler – die eingebettete Wallet konnte nicht geladen werden',
    FRAME_REQUEST_TIMEOUT: 'Zeitüberschreitung der eingebetteten Wallet',
    FRAME_UNVERIFIED_DOMAIN: 'Ungültige App-Konfiguration',
    EMBEDDED_SESSION_EXPIRED: 'Sitzung abgelaufen',
    EMBEDDED_PROJECT_NOT_FOUND: 'Projekt-ID nicht konfiguriert',
    EMBEDDED_SERVER_ERROR: 'Serverfehler',
    EMAIL_RATE_LIMITED: null,
  },
  alerts: {
    NETWORK_NOT_FOUND: {
      title: 'Netzwerk nicht gefunden',
      description:
        'Das Netzwerk, zu dem du wechseln wolltest, ist in dieser App nicht konfiguriert.',
    },
    INVALID_APP_CONFIGURATION: {
      title: 'Ungültige App-Konfiguration',
      description: 'Diese Seite gehört nicht zu den erlaubten Ursprüngen des Projekts.',
    },
    EMBEDDED_WALLET_LOAD_FAILED: {
      title: 'Netzwerkfehler – die eingebettete Wallet konnte nicht geladen werden',
      description: 'Prüfe deine Verbindung und lade die Seite neu.',
    },
    EMBEDDED_WALLET_TIMEOUT: {
      title: 'Zeitüberschreitung der eingebetteten Wallet',
      description: 'Die eingebettete Wallet hat nicht rechtzeitig geantwortet. Versuche es erneut.',
    },
    SESSION_EXPIRED: { title: 'Sitzung abgelaufen', description: 'Verbinde deine Wallet erneut.' },
    PROJECT_ID_NOT_CONFIGURED: {
      title: 'Projekt-ID nicht konfiguriert',
      description: 'Setze `projectId` in den Optionen, die du an createModal() übergibst.',
    },
    SERVER_ERROR: {
      title: 'Serverfehler',
      description: 'Der Server des Projekts hat nicht geantwortet.',
    },
    RATE_LIMITED: {
      title: 'Zu viele Anfragen',
      description: 'Zu viele Anfragen. Versuche es gleich noch einmal.',
    },
  },
  toasts: {
    TOKEN_BALANCE_UNAVAILABLE: 'Token-Guthaben nicht verfügbar',
    FAILED_TO_FETCH_TRANSACTIONS: 'Transaktionen konnten nicht abgerufen werden',
    SIGNATURE_DECLINED: 'Signatur abgelehnt',
    AUTHENTICATING: 'Authentifizierung läuft...',
    AUTH_INIT_FAILED: 'Beim Initialisieren der Authentifizierung ist ein Problem aufgetreten',
    ACTION_NOT_ALLOWED: 'Aktion nicht erlaubt',
  },
}

/** The whole catalog, view strings and codes, as `loadLocale` registers it. */
export const catalog: Catalog = { ...de, ...codeEntries(deCodes) }
