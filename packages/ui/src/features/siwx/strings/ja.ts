// The siwx feature's strings in ja. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'siwx.headline': '{name} にサインイン',
  'siwx.domain': 'ウォレットにはこのリクエストの送信元として次が表示されます',
  'siwx.approve': 'ウォレットで署名を承認してください',
  'siwx.sign': '署名',
  'siwx.cancel': 'キャンセル',
  'siwx.failed': 'サインインに失敗しました',
}
