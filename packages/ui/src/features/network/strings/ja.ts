// The network feature's strings in ja. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'networks.list': 'ネットワーク',
  'networks.selected': '選択中',
  'networks.switching': 'ネットワークを切り替えています…',
  'networks.unsupported':
    'このアプリは現在のネットワークに対応していません。続けるには、利用可能なネットワークに切り替えてください。',
  'switchNetwork.title': 'ウォレットで承認',
  'switchNetwork.approve': 'ウォレットでネットワークの切り替えを承認してください',
  'switchNetwork.to': '{name} に切り替え',
  'switchNetwork.missing': 'ネットワークが選択されていません。',
  'switchActiveChain.hint':
    '{chain} のウォレットが接続されていません。{name} を使うにはウォレットを接続してください。',
  'switchActiveChain.connect': '{chain} のウォレットを接続',
}
