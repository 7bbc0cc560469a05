// The on-ramp feature's strings in ja. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.OnRampProviders': '暗号資産を購入',
  'view.BuyInProgress': '購入中',
  'onramp.amount': '金額（{currency}）',
  'onramp.currency': '通貨',
  'onramp.crypto': '購入する暗号資産',
  'onramp.method': '支払い方法',
  'onramp.card': 'カード',
  'onramp.bank': '銀行振込',
  'onramp.limits': '{min}〜{max} {currency}',
  'onramp.asset': '{network} で {symbol} を購入します',
  'onramp.invalid': '100 や 99.50 のように金額を入力してください',
  'onramp.below': 'この支払い方法の最低額は {min} {currency} です',
  'onramp.above':
    'この支払い方法の上限は {max} {currency} です。金額を下げるか、銀行振込をご利用ください。',
  'onramp.aboveBank': 'この支払い方法の上限は {max} {currency} です。金額を下げてください。',
  'onramp.providers': 'プロバイダー',
  'onramp.fee': '手数料 {percent}%（{fee} {currency}）',
  'onramp.receive': '受け取り額の目安：{amount} {symbol}',
  'onramp.noPrice': '受け取り額はプロバイダーが表示します',
  'onramp.enterAmount': '金額を入力するとオファーが表示されます。',
  'onramp.loading': '読み込み中…',
  'onramp.unavailable': 'このネットワークでは暗号資産を購入できません。',
  'onramp.failedOptions': 'オファーを読み込めませんでした。もう一度お試しください。',
  'onramp.retry': '再試行',
  'onramp.buyWith': '{provider} で購入',
  'onramp.waiting':
    '{provider} のウィンドウで購入を完了してください。このページは自動で更新されます。',
  'onramp.blocked': 'ブラウザーが {provider} のウィンドウをブロックしました。',
  'onramp.open': '{provider} を新しいタブで開く',
  'onramp.done': '購入完了：{amount} {symbol} が届きました',
  'onramp.failed': '購入に失敗しました。このアプリからの請求はありません。もう一度お試しください。',
  'onramp.back': 'オファーに戻る',
}
