// The send feature's strings in ja. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Transfers: a typed amount's and the adapters' errors (core's amount and transfer tables)
  'error.INVALID_AMOUNT': '無効な金額です',
  'error.TOO_MANY_DECIMALS':
    '金額{amount}の小数点以下の桁数がトークンの上限({decimals})を超えています',
  'error.TRANSACTION_TIMEOUT': 'トランザクションが時間内に承認されませんでした',
  'error.TRANSACTION_FAILED': 'トランザクションが失敗しました',
  'error.RENT_EXEMPT_MINIMUM': '受取人は新しいアカウントです: {amount} SOL以上を送金してください',
  'error.RENT_SENDER_MINIMUM': 'この送金でアカウントの残高が{amount} SOLを下回ります',

  // Send's errors (core's send table; the swap views, in the same chunk, show them too)
  'error.SEND_TOKEN_REQUIRED': 'トークンを選択してください',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': '金額と受取人のアドレスが必要です',
  'error.SEND_AMOUNT_NOT_POSITIVE': '金額は 0 より大きくしてください',
  'error.INSUFFICIENT_BALANCE': '残高が不足しています',
  'error.INSUFFICIENT_FEE': 'ネットワーク手数料に必要な残高が足りません',
  'error.INVALID_RECEIVER': '受取人のアドレスが無効です',
  'error.NAME_NOT_RESOLVED': 'この名前のアドレスが見つかりません',
  'error.SEND_UNAVAILABLE': 'ここでは送信できません',
  'error.TRANSACTION_REVERTED': 'トランザクションが失敗しました',
  'error.TRANSACTION_DROPPED': 'ネットワーク上にトランザクションが見つかりません',

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
