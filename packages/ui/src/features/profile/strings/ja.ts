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
  'profile.account7702': 'あなたのアカウント (EIP-7702)：両方に 1 つのアドレス',
  'profile.delegated': '委任済み：このアドレスはスマートアカウントです',
  'profile.notDelegated': '未委任：スマートアカウントとしての最初の取引で委任されます',
  'profile.actsAsSmart': 'スマートアカウントとして動作中',
  'profile.actsAsEoa': '通常アカウント (EOA) として動作中',
  'profile.useSmart': 'スマートアカウントとして使う',
  'profile.useEoa': '通常アカウントとして使う',
}
