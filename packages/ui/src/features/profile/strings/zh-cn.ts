// The profile feature's strings in zh-cn. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'profile.eoa': '普通账户（EOA）',
  'profile.smartAccount': '智能账户',
  'profile.active': '使用中',
  'profile.use': '使用此账户',
  'profile.deployed': '已部署',
  'profile.notDeployed': '尚未部署：你的第一笔交易会部署它',
  'profile.balance': '余额：{amount} {symbol}',
  'profile.balanceUnknown': '余额不可用',
  'profile.noSmartAccount': '此网络不支持智能账户。',
  'profile.loading': '正在加载你的账户…',
  'profile.switching': '正在切换…',
}
