// The profile feature's strings in ja. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'profile.eoa': '通常のアカウント（EOA）',
  'profile.smartAccount': 'スマートアカウント',
  'profile.active': '使用中',
  'profile.use': 'このアカウントを使う',
  'profile.deployed': 'デプロイ済み',
  'profile.notDeployed': '未デプロイ：最初の取引でデプロイされます',
  'profile.balance': '残高：{amount} {symbol}',
  'profile.balanceUnknown': '残高を取得できません',
  'profile.noSmartAccount': 'このネットワークではスマートアカウントを使えません。',
  'profile.loading': 'アカウントを読み込み中…',
  'profile.switching': '切り替え中…',
}
