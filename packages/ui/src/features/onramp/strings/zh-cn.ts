// The on-ramp feature's strings in zh-cn. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.OnRampProviders': '购买加密货币',
  'view.BuyInProgress': '购买中',
  'onramp.amount': '金额（{currency}）',
  'onramp.method': '支付方式',
  'onramp.card': '银行卡',
  'onramp.bank': '银行转账',
  'onramp.limits': '{min} 至 {max} {currency}',
  'onramp.asset': '您将在 {network} 上购买 {symbol}',
  'onramp.invalid': '请输入金额，例如 100 或 99.50',
  'onramp.below': '此支付方式的最低金额为 {min} {currency}',
  'onramp.above': '此支付方式的最高金额为 {max} {currency}。请降低金额或使用银行转账。',
  'onramp.aboveBank': '此支付方式的最高金额为 {max} {currency}。请降低金额。',
  'onramp.providers': '服务商',
  'onramp.fee': '手续费 {percent}%（{fee} {currency}）',
  'onramp.receive': '您将收到约 {amount} {symbol}',
  'onramp.noPrice': '到账金额由服务商显示',
  'onramp.enterAmount': '输入金额即可查看报价。',
  'onramp.loading': '加载中…',
  'onramp.unavailable': '此网络不支持购买加密货币。',
  'onramp.failedOptions': '无法加载报价，请重试。',
  'onramp.retry': '重试',
  'onramp.buyWith': '通过 {provider} 购买',
  'onramp.waiting': '请在 {provider} 窗口中完成购买。此页面会自动更新。',
  'onramp.blocked': '您的浏览器拦截了 {provider} 窗口。',
  'onramp.open': '在新标签页中打开 {provider}',
  'onramp.done': '购买完成：已到账 {amount} {symbol}',
  'onramp.failed': '购买失败。本应用未扣除任何费用，您可以重试。',
  'onramp.back': '返回报价',
}
