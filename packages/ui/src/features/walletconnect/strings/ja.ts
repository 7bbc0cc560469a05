// The walletconnect feature's strings in ja. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'walletConnect.scan': 'スマートフォンでこの QR コードをスキャンしてください',
  'walletConnect.scanWith': '{name} でスキャン',
  'walletConnect.qrLabel': 'WalletConnect の QR コード',
  'walletConnect.preparing': 'QR コードを準備しています…',
  'walletConnect.hint': 'ウォレットで接続を承認してください',
  'walletConnect.refreshed': 'QR コードの有効期限が切れたため、更新しました',
  'walletConnect.copy': 'リンクをコピー',
  'walletConnect.copied': 'リンクをコピーしました',
  'walletConnect.copyFailed': 'リンクをコピーできませんでした',
  'walletConnect.openApp': '{name} を開く',
  'walletConnect.openWeb': 'ブラウザで {name} を開く',
  'walletConnect.notConfigured': 'このアプリでは WalletConnect が設定されていません。',
}
