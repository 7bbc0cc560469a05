// The send feature's strings in ja. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.WalletSendSelectToken': 'トークンを選択',
  'view.WalletSendPreview': '送信の確認',
  'send.amount': '金額',
  'send.changeToken': 'トークン: {symbol}。トークンを変更',
  'send.pickToken': 'トークンを選択',
  'send.balance': '残高: {amount} {symbol}',
  'send.max': '最大',
  'send.receiver': '送信先',
  'send.receiverPlaceholder': 'アドレスまたは名前',
  'send.resolving': '名前を検索しています…',
  'send.resolved': '{name}（{address}）',
  'send.preview': '送信内容を確認',
  'send.disabled': 'このアプリでは送信がオフになっています。',
  'send.unsupported': 'このネットワークでは送信できません。',
  'send.searchToken': '名前またはシンボルで検索',
  'send.noMatch': '一致するトークンはありません',
  'send.value': '価値',
  'send.to': '送信先',
  'send.network': 'ネットワーク',
  'send.fee': 'ネットワーク手数料',
  'send.feeUnknown': 'ウォレットが設定します',
  'send.approve': 'ウォレットでトランザクションを承認してください',
  'send.offline': 'オフライン: オンラインに戻ると送信されます',
  'send.cancel': 'キャンセル',
  'send.send': '送信',
  'send.success': '{amount} {symbol} を送信しました',
  'send.pendingToast': 'トランザクションは保留中です',
  'send.viewOn': '{name} で表示',
}
