import { defineMessages } from '../catalogue';

/** Messages for the codes of `NotificationErrorCode` in @gleba/contracts. */
export const errorsNotification = defineMessages({
  pl: {
    notificationNotFound: 'Nie znaleziono powiadomienia.',
    newsletterTokenInvalid: 'Link do wypisania się z newslettera jest nieprawidłowy.',
    newsletterEmailRequired: 'Podaj adres e-mail, aby zapisać się do newslettera.',
    notificationTypeNotConfigurable: 'Tego rodzaju powiadomień nie można wyłączyć.',
  },
  en: {
    notificationNotFound: 'Notification not found.',
    newsletterTokenInvalid: 'This newsletter unsubscribe link is not valid.',
    newsletterEmailRequired: 'Enter an e-mail address to subscribe to the newsletter.',
    notificationTypeNotConfigurable: 'This kind of notification cannot be switched off.',
  },
  uk: {
    notificationNotFound: 'Сповіщення не знайдено.',
    newsletterTokenInvalid: 'Посилання для відписки від розсилки недійсне.',
    newsletterEmailRequired: 'Вкажіть адресу e-mail, щоб підписатися на розсилку.',
    notificationTypeNotConfigurable: 'Цей тип сповіщень не можна вимкнути.',
  },
});
