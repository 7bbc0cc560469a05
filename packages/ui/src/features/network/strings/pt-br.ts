// The network feature's strings in pt-BR. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'networks.list': 'Redes',
  'networks.selected': 'Selecionada',
  'networks.switching': 'Trocando de rede…',
  'networks.unsupported':
    'Este app não é compatível com sua rede atual. Troque para uma opção disponível para continuar.',
  'switchNetwork.title': 'Aprove na carteira',
  'switchNetwork.approve': 'Aprove a troca de rede na sua carteira',
  'switchNetwork.to': 'Trocar para {name}',
  'switchNetwork.missing': 'Nenhuma rede foi escolhida.',
  'switchActiveChain.hint':
    'Nenhuma carteira {chain} está conectada. Conecte uma para usar {name}.',
  'switchActiveChain.connect': 'Conectar uma carteira {chain}',
}
