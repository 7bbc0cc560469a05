// The walletconnect feature's strings in es. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'walletConnect.scan': 'Escanea este código QR con tu teléfono',
  'walletConnect.scanWith': 'Escanea con {name}',
  'walletConnect.qrLabel': 'Código QR de WalletConnect',
  'walletConnect.preparing': 'Preparando el código QR…',
  'walletConnect.hint': 'Aprueba la conexión en tu billetera',
  'walletConnect.refreshed': 'El código QR caducó y se ha renovado',
  'walletConnect.copy': 'Copiar enlace',
  'walletConnect.copied': 'Enlace copiado',
  'walletConnect.copyFailed': 'No se pudo copiar el enlace',
  'walletConnect.openApp': 'Abrir {name}',
  'walletConnect.openWeb': 'Abrir {name} en el navegador',
  'walletConnect.notConfigured': 'WalletConnect no está configurado para esta aplicación.',
}
