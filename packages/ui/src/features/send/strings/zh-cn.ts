// The send feature's strings in zh-CN. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Transfers: a typed amount's and the adapters' errors (core's amount and transfer tables)
  'error.INVALID_AMOUNT': '金额无效',
  'error.TOO_MANY_DECIMALS': '金额 {amount} 的小数位数超过了代币允许的位数（{decimals}）',
  'error.TRANSACTION_TIMEOUT': '交易未能及时确认',
  'error.TRANSACTION_FAILED': '交易失败',
  'error.RENT_EXEMPT_MINIMUM': '收款方是新账户：请至少发送 {amount} SOL',
  'error.RENT_SENDER_MINIMUM': '此次转账后你的账户将低于 {amount} SOL',

  // Send's errors (core's send table; the swap views, in the same chunk, show them too)
  'error.SEND_TOKEN_REQUIRED': '需要选择代币',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': '需要金额和接收地址',
  'error.SEND_AMOUNT_NOT_POSITIVE': '金额必须大于 0',
  'error.INSUFFICIENT_BALANCE': '余额不足',
  'error.INSUFFICIENT_FEE': '剩余余额不足以支付网络费用',
  'error.INVALID_RECEIVER': '接收地址无效',
  'error.NAME_NOT_RESOLVED': '未找到此名称对应的地址',
  'error.SEND_UNAVAILABLE': '此处无法发送',
  'error.TRANSACTION_REVERTED': '交易失败',
  'error.TRANSACTION_DROPPED': '在网络上找不到该交易',

  'view.WalletSendSelectToken': '选择代币',
  'view.WalletSendPreview': '确认发送',
  'send.amount': '金额',
  'send.changeToken': '代币：{symbol}。更换代币',
  'send.pickToken': '选择代币',
  'send.balance': '余额：{amount} {symbol}',
  'send.max': '最大',
  'send.receiver': '发送至',
  'send.receiverPlaceholder': '地址或名称',
  'send.resolving': '正在查找名称…',
  'send.resolved': '{name}（{address}）',
  'send.preview': '预览发送',
  'send.disabled': '此应用已关闭发送功能。',
  'send.unsupported': '此网络不支持发送。',
  'send.searchToken': '按名称或符号搜索',
  'send.noMatch': '没有匹配的代币',
  'send.value': '价值',
  'send.to': '发送至',
  'send.network': '网络',
  'send.fee': '网络费用',
  'send.feeUnknown': '由你的钱包设定',
  'send.approve': '请在钱包中批准交易',
  'send.offline': '离线：恢复联网后即会发送',
  'send.cancel': '取消',
  'send.send': '发送',
  'send.success': '已发送 {amount} {symbol}',
  'send.pendingToast': '交易待处理',
  'send.viewOn': '在 {name} 上查看',
}
