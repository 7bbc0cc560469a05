// The social feature's strings in ja. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Social login's errors (core's frame table)
  'error.FAILED_TO_INITIATE_SOCIAL': 'ソーシャルログインを開始できませんでした',
  'error.POPUP_CLOSED': 'ポップアップが閉じられました',

  'view.ConnectingSocial': 'ソーシャルログイン',
  'social.started': '{provider} を開いています…',
  'social.popupOpened': '開いたウィンドウで {provider} にサインインしてください。',
  'social.connected': '{provider} でサインインしました。ウォレットを開いています…',
  'social.success': '接続済み',
  'social.blocked': 'ブラウザが {provider} のウィンドウをブロックしました。',
  'social.open': '{provider} を開く',
  'farcaster.scan': 'Farcaster でスキャン',
  'farcaster.hint':
    'スマートフォンのカメラまたは Farcaster アプリでスキャンしてサインインしてください。',
  'farcaster.preparing': 'サインイン用リンクを準備しています…',
  'farcaster.qrLabel': 'Farcaster でサインインする QR コード',
  'farcaster.open': 'このデバイスで Farcaster を開く',
}
