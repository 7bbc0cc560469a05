// The email feature's strings in pt-BR. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // The embedded wallet's e-mail login errors (core's frame table, as the server sends them)
  'error.EMAIL_INVALID': 'E-mail inválido',
  'error.EMAIL_OTP_INVALID': 'Este código não é válido',
  'error.EMAIL_OTP_EXPIRED': 'O código expirou; peça um novo',
  'error.EMAIL_OTP_LOCKED': 'Muitos códigos errados; peça um novo',
  'error.EMAIL_IN_USE': 'Outra conta usa este e-mail',
  'error.EMAIL_SEND_FAILED': 'Não foi possível enviar o e-mail; tente novamente',
  'error.EMAIL_LOGIN_DISABLED': 'O login por e-mail está desativado neste projeto',
  'error.EMBEDDED_NEW_DEVICE_HOLD':
    'Este dispositivo recuperou a carteira há pouco. Ele poderá mudar o método de recuperação ou o e-mail depois de {time}.',

  'email.label': 'Endereço de e-mail',
  'email.submit': 'Continuar',
  'email.invalid': 'E-mail inválido',
  'email.throttled': 'Tente novamente em {seconds} segundos',
  'email.sending': 'Enviando um código…',
  'email.deviceIntro':
    'Este é um novo dispositivo. Aprove-o pelo e-mail que enviamos para {email}.',
  'email.deviceWaiting': 'Aguardando aprovação…',
  'email.otpIntro': 'Digite o código de 6 dígitos que enviamos para {email}.',
  'email.typeInFrame': 'Digite o código na janela segura.',
  'email.verifying': 'Verificando o código…',
  'email.resend': 'Reenviar código',
  'email.resendIn': 'Reenviar código em {seconds} s',
  'email.change': 'Usar outro e-mail',
  'updateEmail.intro': 'Seu e-mail é {email}.',
  'updateEmail.label': 'Novo endereço de e-mail',
  'updateEmail.same': 'Este já é o seu e-mail.',
  'updateEmail.primaryIntro':
    'Digite o código que enviamos para {email} para confirmar a alteração.',
  'updateEmail.secondaryIntro': 'Digite o código que enviamos para {email}.',
  'updateEmail.saved': 'E-mail atualizado',
  'approve.title': 'Aprove na janela segura',
  'approve.intro': 'Revise a solicitação na janela segura. Esta tela volta quando você responder.',
  'email.recoveryInFrame': 'Use sua chave de acesso ou frase secreta na janela segura.',
  'recovery.intro':
    'Em um novo dispositivo, só uma chave de acesso ou frase secreta que você guarda recupera sua carteira. Para trocá-la, confirme com um código que enviamos para {email} e escolha a nova na janela segura.',
  'recovery.start': 'Alterar método de recuperação',
  'recovery.codeIntro': 'Digite na janela segura o código que enviamos para {email}.',
  'recovery.choose': 'Escolha uma chave de acesso ou uma frase secreta na janela segura.',
  'recovery.donePasskey':
    'Pronto. Um novo dispositivo agora recupera sua carteira com sua chave de acesso.',
  'recovery.donePassphrase':
    'Pronto. Um novo dispositivo agora recupera sua carteira com sua frase secreta.',
  'recovery.done': 'Método de recuperação alterado',
  'recovery.cancelled': 'Cancelado. Nada foi alterado.',
  'recovery.back': 'Voltar à conta',
}
