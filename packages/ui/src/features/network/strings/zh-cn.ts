// The network feature's strings in zh-CN. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'networks.list': '网络',
  'networks.selected': '已选择',
  'networks.switching': '正在切换网络…',
  'networks.unsupported': '此应用不支持你当前的网络。请切换到可用的网络以继续。',
  'switchNetwork.title': '在钱包中批准',
  'switchNetwork.approve': '请在钱包中批准切换网络',
  'switchNetwork.to': '切换到 {name}',
  'switchNetwork.missing': '未选择网络。',
  'switchActiveChain.hint': '尚未连接 {chain} 钱包。请连接一个钱包以使用 {name}。',
  'switchActiveChain.connect': '连接 {chain} 钱包',
}
