// The walletconnect feature's strings in pt-BR. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'walletConnect.scan': 'Escaneie este QR code com seu celular',
  'walletConnect.scanWith': 'Escaneie com {name}',
  'walletConnect.qrLabel': 'QR code do WalletConnect',
  'walletConnect.preparing': 'Preparando o QR code…',
  'walletConnect.hint': 'Aprove a conexão na sua carteira',
  'walletConnect.refreshed': 'O QR code expirou e foi renovado',
  'walletConnect.copy': 'Copiar link',
  'walletConnect.copied': 'Link copiado',
  'walletConnect.copyFailed': 'Não foi possível copiar o link',
  'walletConnect.openApp': 'Abrir {name}',
  'walletConnect.openWeb': 'Abrir {name} no navegador',
  'walletConnect.notConfigured': 'O WalletConnect não está configurado para este app.',
}
