// The email feature's strings in de. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // The embedded wallet's e-mail login errors (core's frame table, as the server sends them)
  'error.EMAIL_INVALID': 'Ungültige E-Mail-Adresse',
  'error.EMAIL_OTP_INVALID': 'Dieser Code ist ungültig',
  'error.EMAIL_OTP_EXPIRED': 'Der Code ist abgelaufen; fordere einen neuen an',
  'error.EMAIL_OTP_LOCKED': 'Zu viele falsche Codes; fordere einen neuen an',
  'error.EMAIL_IN_USE': 'Ein anderes Konto verwendet diese E-Mail-Adresse',
  'error.EMAIL_SEND_FAILED': 'Die E-Mail konnte nicht gesendet werden; versuche es erneut',
  'error.EMAIL_LOGIN_DISABLED': 'Die Anmeldung per E-Mail ist für dieses Projekt deaktiviert',
  'error.EMBEDDED_NEW_DEVICE_HOLD':
    'Dieses Gerät hat die Wallet gerade wiederhergestellt. Es kann die Wiederherstellungsmethode oder die E-Mail-Adresse ab {time} ändern.',

  'email.label': 'E-Mail-Adresse',
  'email.submit': 'Weiter',
  'email.invalid': 'Ungültige E-Mail',
  'email.throttled': 'Bitte versuche es in {seconds} Sekunden erneut',
  'email.sending': 'Code wird gesendet…',
  'email.deviceIntro': 'Das ist ein neues Gerät. Bestätige es über die E-Mail an {email}.',
  'email.deviceWaiting': 'Warte auf Bestätigung…',
  'email.otpIntro': 'Gib den 6-stelligen Code ein, den wir an {email} gesendet haben.',
  'email.typeInFrame': 'Gib den Code im sicheren Fenster ein.',
  'email.verifying': 'Code wird geprüft…',
  'email.resend': 'Code erneut senden',
  'email.resendIn': 'Code erneut senden in {seconds} s',
  'email.change': 'Andere E-Mail verwenden',
  'updateEmail.intro': 'Deine E-Mail ist {email}.',
  'updateEmail.label': 'Neue E-Mail-Adresse',
  'updateEmail.same': 'Das ist bereits deine E-Mail.',
  'updateEmail.primaryIntro':
    'Gib den Code ein, den wir an {email} gesendet haben, um die Änderung zu bestätigen.',
  'updateEmail.secondaryIntro': 'Gib den Code ein, den wir an {email} gesendet haben.',
  'updateEmail.saved': 'E-Mail geändert',
  'approve.title': 'Im sicheren Fenster bestätigen',
  'approve.intro':
    'Prüfe die Anfrage im sicheren Fenster. Diese Ansicht kehrt zurück, sobald du antwortest.',
  'email.recoveryInFrame': 'Verwende deinen Passkey oder deine Passphrase im sicheren Fenster.',
  'recovery.intro':
    'Auf einem neuen Gerät stellt nur ein Passkey oder eine Passphrase, die du besitzt, dein Wallet wieder her. Bestätige die Änderung mit einem Code, den wir an {email} senden, und wähle dann im sicheren Fenster den neuen.',
  'recovery.start': 'Wiederherstellungsmethode ändern',
  'recovery.codeIntro': 'Gib den Code, den wir an {email} gesendet haben, im sicheren Fenster ein.',
  'recovery.choose': 'Wähle im sicheren Fenster einen Passkey oder eine Passphrase.',
  'recovery.donePasskey':
    'Fertig. Ein neues Gerät stellt dein Wallet jetzt mit deinem Passkey wieder her.',
  'recovery.donePassphrase':
    'Fertig. Ein neues Gerät stellt dein Wallet jetzt mit deiner Passphrase wieder her.',
  'recovery.done': 'Wiederherstellungsmethode geändert',
  'recovery.cancelled': 'Abgebrochen. Nichts wurde geändert.',
  'recovery.back': 'Zurück zum Konto',
}
