import { defineMessages } from '../catalogue';

/** The installable app (PWA) of the customer client: offline notice and the queue of tests added offline. */
export const pwa = defineMessages({
  pl: {
    offline: 'Jesteś offline. Dodane teraz badania wyślemy, gdy wróci połączenie.',
    offlineSampling: 'Jesteś offline. Zapisane teraz nakłucia wyślemy, gdy wróci połączenie.',
    queued: 'Brak połączenia. Badanie {barcode} zostanie dodane, gdy wrócisz do sieci.',
    queueSent: 'Połączenie wróciło. Dodano badania zapisane offline: {count}.',
    queueFailed: 'Nie udało się dodać badania {barcode} zapisanego offline: {reason}',
    pendingTitle: 'Czekają na połączenie',
    pendingItem: 'Badanie {barcode}',
  },
  en: {
    offline: 'You are offline. Tests you add now will be sent when the connection returns.',
    offlineSampling: 'You are offline. Punctures you record now will be sent when the connection returns.',
    queued: 'No connection. Test {barcode} will be added when you are back online.',
    queueSent: 'Back online. Tests saved offline have been added: {count}.',
    queueFailed: 'Test {barcode} saved offline could not be added: {reason}',
    pendingTitle: 'Waiting for a connection',
    pendingItem: 'Test {barcode}',
  },
  uk: {
    offline: 'Ви офлайн. Додані зараз дослідження буде надіслано, коли з’явиться з’єднання.',
    offlineSampling: 'Ви офлайн. Записані зараз проколи буде надіслано, коли з’явиться з’єднання.',
    queued: 'Немає з’єднання. Дослідження {barcode} буде додано, коли ви повернетеся в мережу.',
    queueSent: 'З’єднання відновлено. Додано дослідження, збережені офлайн: {count}.',
    queueFailed: 'Не вдалося додати дослідження {barcode}, збережене офлайн: {reason}',
    pendingTitle: 'Очікують на з’єднання',
    pendingItem: 'Дослідження {barcode}',
  },
});
