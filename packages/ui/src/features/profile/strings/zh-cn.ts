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
  'profile.account7702': '你的账户 (EIP-7702)：两者共用一个地址',
  'profile.delegated': '已委托：此地址是智能账户',
  'profile.notDelegated': '尚未委托：你作为智能账户的第一笔交易会完成委托',
  'profile.actsAsSmart': '作为智能账户使用中',
  'profile.actsAsEoa': '作为普通账户 (EOA) 使用中',
  'profile.useSmart': '作为智能账户使用',
  'profile.useEoa': '作为普通账户使用',
}
