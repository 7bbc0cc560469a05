// The siwx feature's strings in zh-CN. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'siwx.headline': '登录 {name}',
  'siwx.domain': '你的钱包将显示此请求来自',
  'siwx.approve': '在钱包中批准签名',
  'siwx.sign': '签名',
  'siwx.cancel': '取消',
  'siwx.failed': '登录失败',
}
