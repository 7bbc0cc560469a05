// The walletconnect feature's strings in zh-CN. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'walletConnect.scan': '用手机扫描此二维码',
  'walletConnect.scanWith': '使用 {name} 扫描',
  'walletConnect.qrLabel': 'WalletConnect 二维码',
  'walletConnect.preparing': '正在生成二维码…',
  'walletConnect.hint': '请在钱包中批准连接',
  'walletConnect.refreshed': '二维码已过期，已重新生成',
  'walletConnect.copy': '复制链接',
  'walletConnect.copied': '链接已复制',
  'walletConnect.copyFailed': '无法复制链接',
  'walletConnect.openApp': '打开 {name}',
  'walletConnect.openWeb': '在浏览器中打开 {name}',
  'walletConnect.notConfigured': '此应用尚未配置 WalletConnect。',
}
