// The social feature's strings in zh-cn. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Social login's errors (core's frame table)
  'error.FAILED_TO_INITIATE_SOCIAL': '无法发起社交账号登录',
  'error.POPUP_CLOSED': '弹出窗口已关闭',

  'view.ConnectingSocial': '社交账号登录',
  'social.started': '正在打开 {provider}…',
  'social.popupOpened': '请在打开的窗口中使用 {provider} 登录。',
  'social.connected': '已使用 {provider} 登录。正在打开你的钱包…',
  'social.success': '已连接',
  'social.blocked': '你的浏览器拦截了 {provider} 窗口。',
  'social.open': '打开 {provider}',
  'farcaster.scan': '使用 Farcaster 扫描',
  'farcaster.hint': '使用手机相机或 Farcaster 应用扫描以登录。',
  'farcaster.preparing': '正在准备登录链接…',
  'farcaster.qrLabel': '使用 Farcaster 登录的二维码',
  'farcaster.open': '在此设备上打开 Farcaster',
}
