// The email feature's strings in fr. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // The embedded wallet's e-mail login errors (core's frame table, as the server sends them)
  'error.EMAIL_INVALID': 'Adresse e-mail invalide',
  'error.EMAIL_OTP_INVALID': 'Ce code n’est pas valide',
  'error.EMAIL_OTP_EXPIRED': 'Le code a expiré ; demandez-en un nouveau',
  'error.EMAIL_OTP_LOCKED': 'Trop de codes erronés ; demandez-en un nouveau',
  'error.EMAIL_IN_USE': 'Un autre compte utilise cette adresse e-mail',
  'error.EMAIL_SEND_FAILED': 'L’e-mail n’a pas pu être envoyé ; réessayez',
  'error.EMAIL_LOGIN_DISABLED': 'La connexion par e-mail est désactivée pour ce projet',
  'error.EMBEDDED_NEW_DEVICE_HOLD':
    'Cet appareil a récupéré le portefeuille récemment. Il pourra changer la méthode de récupération ou l’e-mail après {time}.',

  'email.label': 'Adresse e-mail',
  'email.submit': 'Continuer',
  'email.invalid': 'E-mail invalide',
  'email.throttled': 'Veuillez réessayer dans {seconds} secondes',
  'email.sending': 'Envoi d’un code…',
  'email.deviceIntro': 'C’est un nouvel appareil. Approuvez-le depuis l’e-mail envoyé à {email}.',
  'email.deviceWaiting': 'En attente d’approbation…',
  'email.otpIntro': 'Saisissez le code à 6 chiffres envoyé à {email}.',
  'email.typeInFrame': 'Saisissez le code dans la fenêtre sécurisée.',
  'email.verifying': 'Vérification du code…',
  'email.resend': 'Renvoyer le code',
  'email.resendIn': 'Renvoyer le code dans {seconds} s',
  'email.change': 'Utiliser un autre e-mail',
  'updateEmail.intro': 'Votre e-mail est {email}.',
  'updateEmail.label': 'Nouvelle adresse e-mail',
  'updateEmail.same': 'C’est déjà votre e-mail.',
  'updateEmail.primaryIntro': 'Saisissez le code envoyé à {email} pour confirmer le changement.',
  'updateEmail.secondaryIntro': 'Saisissez le code envoyé à {email}.',
  'updateEmail.saved': 'E-mail mis à jour',
  'approve.title': 'Approuvez dans la fenêtre sécurisée',
  'approve.intro':
    'Examinez la demande dans la fenêtre sécurisée. Cet écran revient dès que vous répondez.',
  'email.recoveryInFrame':
    'Utilisez votre clé d’accès ou votre phrase secrète dans la fenêtre sécurisée.',
  'recovery.intro':
    'Sur un nouvel appareil, seule une clé d’accès ou une phrase secrète que vous détenez récupère votre portefeuille. Pour la changer, confirmez avec un code envoyé à {email}, puis choisissez la nouvelle dans la fenêtre sécurisée.',
  'recovery.start': 'Changer de méthode de récupération',
  'recovery.codeIntro': 'Saisissez dans la fenêtre sécurisée le code envoyé à {email}.',
  'recovery.choose': 'Choisissez une clé d’accès ou une phrase secrète dans la fenêtre sécurisée.',
  'recovery.donePasskey':
    'C’est fait. Un nouvel appareil récupère désormais votre portefeuille avec votre clé d’accès.',
  'recovery.donePassphrase':
    'C’est fait. Un nouvel appareil récupère désormais votre portefeuille avec votre phrase secrète.',
  'recovery.done': 'Méthode de récupération modifiée',
  'recovery.cancelled': 'Annulé. Rien n’a été modifié.',
  'recovery.back': 'Retour au compte',
}
