// The email feature's strings in es. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // The embedded wallet's e-mail login errors (core's frame table, as the server sends them)
  'error.EMAIL_INVALID': 'Correo electrónico no válido',
  'error.EMAIL_OTP_INVALID': 'Este código no es válido',
  'error.EMAIL_OTP_EXPIRED': 'El código caducó; pide uno nuevo',
  'error.EMAIL_OTP_LOCKED': 'Demasiados códigos incorrectos; pide uno nuevo',
  'error.EMAIL_IN_USE': 'Otra cuenta usa este correo electrónico',
  'error.EMAIL_SEND_FAILED': 'No se pudo enviar el correo; inténtalo de nuevo',
  'error.EMAIL_LOGIN_DISABLED': 'El inicio de sesión por correo está desactivado en este proyecto',
  'error.EMBEDDED_NEW_DEVICE_HOLD':
    'Este dispositivo recuperó la billetera hace poco. Podrá cambiar el método de recuperación o el correo después de {time}.',

  'email.label': 'Correo electrónico',
  'email.submit': 'Continuar',
  'email.invalid': 'Correo no válido',
  'email.throttled': 'Inténtalo de nuevo en {seconds} segundos',
  'email.sending': 'Enviando un código…',
  'email.deviceIntro':
    'Este es un dispositivo nuevo. Apruébalo desde el correo que enviamos a {email}.',
  'email.deviceWaiting': 'Esperando aprobación…',
  'email.otpIntro': 'Introduce el código de 6 dígitos que enviamos a {email}.',
  'email.typeInFrame': 'Escribe el código en la ventana segura.',
  'email.verifying': 'Comprobando el código…',
  'email.resend': 'Reenviar código',
  'email.resendIn': 'Reenviar código en {seconds} s',
  'email.change': 'Usar otro correo',
  'updateEmail.intro': 'Tu correo es {email}.',
  'updateEmail.label': 'Nuevo correo electrónico',
  'updateEmail.same': 'Este ya es tu correo.',
  'updateEmail.primaryIntro':
    'Introduce el código que enviamos a {email} para confirmar el cambio.',
  'updateEmail.secondaryIntro': 'Introduce el código que enviamos a {email}.',
  'updateEmail.saved': 'Correo actualizado',
  'approve.title': 'Aprueba en la ventana segura',
  'approve.intro':
    'Revisa la solicitud en la ventana segura. Esta pantalla vuelve cuando respondas.',
  'email.recoveryInFrame': 'Usa tu llave de acceso o tu frase de contraseña en la ventana segura.',
  'recovery.intro':
    'En un dispositivo nuevo, solo una llave de acceso o una frase de contraseña que tú tienes recupera tu billetera. Para cambiarla, confirma con un código que enviamos a {email} y elige la nueva en la ventana segura.',
  'recovery.start': 'Cambiar método de recuperación',
  'recovery.codeIntro': 'Introduce en la ventana segura el código que enviamos a {email}.',
  'recovery.choose': 'Elige una llave de acceso o una frase de contraseña en la ventana segura.',
  'recovery.donePasskey':
    'Listo. Un dispositivo nuevo ahora recupera tu billetera con tu llave de acceso.',
  'recovery.donePassphrase':
    'Listo. Un dispositivo nuevo ahora recupera tu billetera con tu frase de contraseña.',
  'recovery.done': 'Método de recuperación cambiado',
  'recovery.cancelled': 'Cancelado. No se cambió nada.',
  'recovery.back': 'Volver a la cuenta',
}
