// The send feature's strings in zh-CN. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
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
