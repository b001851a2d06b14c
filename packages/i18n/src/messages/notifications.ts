import { defineMessages } from '../catalogue';

/**
 * Texts of every message the notification service sends: e-mail (`<template>Subject`,
 * `<template>Body`, `<template>Action`), SMS (`<template>Sms`) and in-app (`<template>InApp`, the
 * `content` key the SPA translates with the notification's params). Paragraphs are separated by
 * a blank line.
 */
export const notifications = defineMessages({
  pl: {
    greeting: 'Dzień dobry {firstName},',
    greetingNoName: 'Dzień dobry,',
    signature: 'Pozdrawiamy,\nZespół Gleba',
    linkFallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
    preferencesHint: 'Ustawienia powiadomień zmienisz na stronie Moje konto: {url}',
    smsPrefix: 'Gleba:',

    activationSubject: 'Aktywuj swoje konto w Gleba',
    activationBody:
      'Dziękujemy za rejestrację. Kliknij poniższy link, aby aktywować konto. Link jest ważny do {expiresAt}.',
    activationAction: 'Aktywuj konto',

    passwordResetSubject: 'Ustaw nowe hasło do Gleba',
    passwordResetBody:
      'Otrzymaliśmy prośbę o zmianę hasła. Kliknij poniższy link, aby ustawić nowe hasło. Jeśli to nie Ty, zignoruj tę wiadomość.',
    passwordResetAction: 'Ustaw nowe hasło',

    passwordResetAdminSubject: 'Ustaw hasło do panelu administracyjnego Gleba',
    passwordResetAdminBody:
      'Kliknij poniższy link, aby ustawić hasło do panelu administracyjnego. Jeśli to nie Ty, zignoruj tę wiadomość.',
    passwordResetAdminAction: 'Ustaw hasło',

    orderAddedAwaitingShipmentSubject: 'Badanie {ref} dodane, czeka na wysyłkę próbek',
    orderAddedAwaitingShipmentBody:
      'Badanie {ref} zostało dodane. Pobierz próbki gleby i wyślij je do laboratorium.',
    orderAddedAwaitingShipmentAction: 'Zobacz badanie',
    orderAddedAwaitingShipmentSms: 'Badanie {ref} dodane. Czekamy na wysyłkę próbek.',
    orderAddedAwaitingShipmentInApp: 'Badanie {ref} zostało dodane i czeka na wysyłkę próbek.',

    samplesSentSubject: 'Próbki do badania {ref} zostały wysłane',
    samplesSentBody: 'Próbki do badania {ref} są w drodze do laboratorium. Powiadomimy Cię, gdy będą wyniki.',
    samplesSentAction: 'Zobacz badanie',
    samplesSentSms: 'Próbki do badania {ref} wysłane do laboratorium.',
    samplesSentInApp: 'Próbki do badania {ref} zostały wysłane do laboratorium.',

    samplesDeliveredSubject: 'Próbki dotarły do laboratorium',
    samplesDeliveredBody: 'Przesyłka {ref} dotarła do laboratorium. Rozpoczynamy analizę.',
    samplesDeliveredAction: 'Zobacz badania',
    samplesDeliveredSms: 'Przesyłka {ref} dotarła do laboratorium.',
    samplesDeliveredInApp: 'Przesyłka {ref} dotarła do laboratorium.',

    partialResultsSubject: 'Częściowe wyniki badania {ref}',
    partialResultsBody:
      'Są już częściowe wyniki badania {ref}. Pozostałe udostępnimy, gdy laboratorium je zakończy.',
    partialResultsAction: 'Zobacz wyniki',
    partialResultsSms: 'Częściowe wyniki badania {ref} są dostępne.',
    partialResultsInApp: 'Częściowe wyniki badania {ref} są dostępne.',

    allResultsSubject: 'Wyniki badania {ref} są gotowe',
    allResultsBody: 'Wszystkie wyniki badania {ref} są gotowe wraz z zaleceniami.',
    allResultsAction: 'Zobacz wyniki',
    allResultsSms: 'Wyniki badania {ref} są gotowe.',
    allResultsInApp: 'Wszystkie wyniki badania {ref} są gotowe.',

    resultsUpdatedSubject: 'Wyniki badania {ref} zostały zaktualizowane',
    resultsUpdatedBody:
      'Laboratorium zaktualizowało wyniki badania {ref}. Sprawdź aktualne wyniki i zalecenia.',
    resultsUpdatedAction: 'Zobacz wyniki',
    resultsUpdatedSms: 'Wyniki badania {ref} zostały zaktualizowane.',
    resultsUpdatedInApp: 'Wyniki badania {ref} zostały zaktualizowane.',

    orderCancelledSubject: 'Badanie {ref} zostało anulowane',
    orderCancelledBody: 'Badanie {ref} zostało anulowane. Jeśli to pomyłka, skontaktuj się z nami.',
    orderCancelledAction: 'Zobacz badania',
    orderCancelledSms: 'Badanie {ref} zostało anulowane.',
    orderCancelledInApp: 'Badanie {ref} zostało anulowane.',

    paymentReceivedSubject: 'Otrzymaliśmy płatność za zamówienie {ref}',
    paymentReceivedBody: 'Dziękujemy! Otrzymaliśmy płatność {amount} zł za zamówienie {ref}.',
    paymentReceivedAction: 'Zobacz zamówienie',
    paymentReceivedSms: 'Otrzymaliśmy płatność {amount} zł za zamówienie {ref}.',
    paymentReceivedInApp: 'Otrzymaliśmy płatność {amount} zł za zamówienie {ref}.',

    courierBookedSubject: 'Kurier zamówiony na {pickupDate}',
    courierBookedBody:
      'Kurier odbierze paczkę z próbkami {pickupDate} w godzinach {timeWindow}. Numer przesyłki: {waybill}.',
    courierBookedAction: 'Zobacz badania',
    courierBookedSms: 'Kurier odbierze próbki {pickupDate}, {timeWindow}. Przesyłka {waybill}.',
    courierBookedInApp: 'Kurier odbierze próbki {pickupDate} w godzinach {timeWindow} (przesyłka {waybill}).',

    dropOffCodeSubject: 'Kod nadania paczki z próbkami: {code}',
    dropOffCodeBody: 'Twój kod nadania w automacie paczkowym to {code}. Kod jest ważny do {expiresAt}.',
    dropOffCodeAction: 'Zobacz badania',
    dropOffCodeSms: 'Kod nadania paczki: {code}, ważny do {expiresAt}.',
    dropOffCodeInApp: 'Kod nadania paczki z próbkami: {code} (ważny do {expiresAt}).',

    dropOffCodeExpiringSubject: 'Kod nadania {code} wkrótce wygaśnie',
    dropOffCodeExpiringBody:
      'Kod nadania {code} wygasa {expiresAt}. Nadaj paczkę z próbkami przed tym terminem.',
    dropOffCodeExpiringAction: 'Zobacz badania',
    dropOffCodeExpiringSms: 'Kod nadania {code} wygasa {expiresAt}. Nadaj paczkę przed tym terminem.',
    dropOffCodeExpiringInApp: 'Kod nadania {code} wygasa {expiresAt}.',

    statusChangedSubject: 'Nowy status zamówienia {ref}: {status}',
    statusChangedBody: 'Status zamówienia {ref} zmienił się na: {status}.',
    statusChangedAction: 'Zobacz zamówienie',
    statusChangedSms: 'Zamówienie {ref}: {status}.',
    statusChangedInApp: 'Status zamówienia {ref}: {status}.',

    statusPENDING_PAYMENT: 'oczekuje na płatność',
    statusPAYMENT_CONFIRMED: 'płatność potwierdzona',
    statusKIT_SENT: 'zestaw do pobierania próbek wysłany',
    statusSAMPLES_COLLECTING_PENDING: 'oczekuje na pobranie próbek',
    statusSAMPLES_COLLECTING: 'pobieranie próbek',
    statusSAMPLES_COLLECTION_COMPLETED: 'próbki pobrane',
    statusSAMPLES_SENT: 'próbki wysłane',
    statusSAMPLES_IN_ANALYSIS: 'próbki w analizie',
    statusORDER_COMPLETED: 'zamówienie zrealizowane',
    statusORDER_CANCELLED: 'zamówienie anulowane',
    statusWAITING_FOR_SHIPMENT: 'oczekuje na wysyłkę',
    statusWAITING_FOR_RESULTS: 'oczekuje na wyniki',
    statusPARTIAL_RESULTS: 'częściowe wyniki',
    statusCOMPLETE_RESULTS: 'komplet wyników',
    statusRESULTS_UPDATED: 'wyniki zaktualizowane',
    statusRESULTS_READY: 'wyniki sprawdzone przez laboratorium',
    statusCANCELLED: 'anulowane',

    newsletterUnsubscribed: 'Wypisano z newslettera.',
  },
  en: {
    greeting: 'Hello {firstName},',
    greetingNoName: 'Hello,',
    signature: 'Best regards,\nThe Gleba team',
    linkFallback: 'If the button does not work, copy this address into your browser:',
    preferencesHint: 'You can change your notification settings on the My account page: {url}',
    smsPrefix: 'Gleba:',

    activationSubject: 'Activate your Gleba account',
    activationBody:
      'Thank you for registering. Click the link below to activate your account. The link is valid until {expiresAt}.',
    activationAction: 'Activate account',

    passwordResetSubject: 'Set a new Gleba password',
    passwordResetBody:
      'We received a request to change your password. Click the link below to set a new one. If this was not you, ignore this message.',
    passwordResetAction: 'Set new password',

    passwordResetAdminSubject: 'Set your Gleba admin panel password',
    passwordResetAdminBody:
      'Click the link below to set your admin panel password. If this was not you, ignore this message.',
    passwordResetAdminAction: 'Set password',

    orderAddedAwaitingShipmentSubject: 'Test {ref} added, waiting for your samples',
    orderAddedAwaitingShipmentBody:
      'Test {ref} has been added. Take your soil samples and send them to the laboratory.',
    orderAddedAwaitingShipmentAction: 'View test',
    orderAddedAwaitingShipmentSms: 'Test {ref} added. Waiting for your samples.',
    orderAddedAwaitingShipmentInApp: 'Test {ref} has been added and is waiting for your samples.',

    samplesSentSubject: 'Samples for test {ref} have been sent',
    samplesSentBody:
      'The samples for test {ref} are on their way to the laboratory. We will let you know when the results are ready.',
    samplesSentAction: 'View test',
    samplesSentSms: 'Samples for test {ref} sent to the laboratory.',
    samplesSentInApp: 'Samples for test {ref} have been sent to the laboratory.',

    samplesDeliveredSubject: 'Your samples reached the laboratory',
    samplesDeliveredBody: 'Parcel {ref} has reached the laboratory. The analysis is starting.',
    samplesDeliveredAction: 'View tests',
    samplesDeliveredSms: 'Parcel {ref} reached the laboratory.',
    samplesDeliveredInApp: 'Parcel {ref} has reached the laboratory.',

    partialResultsSubject: 'Partial results of test {ref}',
    partialResultsBody:
      'Partial results of test {ref} are available. We will publish the rest when the laboratory finishes.',
    partialResultsAction: 'View results',
    partialResultsSms: 'Partial results of test {ref} are available.',
    partialResultsInApp: 'Partial results of test {ref} are available.',

    allResultsSubject: 'Results of test {ref} are ready',
    allResultsBody: 'All results of test {ref} are ready, with recommendations.',
    allResultsAction: 'View results',
    allResultsSms: 'Results of test {ref} are ready.',
    allResultsInApp: 'All results of test {ref} are ready.',

    resultsUpdatedSubject: 'Results of test {ref} have been updated',
    resultsUpdatedBody:
      'The laboratory has updated the results of test {ref}. Check the current results and recommendations.',
    resultsUpdatedAction: 'View results',
    resultsUpdatedSms: 'Results of test {ref} have been updated.',
    resultsUpdatedInApp: 'Results of test {ref} have been updated.',

    orderCancelledSubject: 'Test {ref} has been cancelled',
    orderCancelledBody: 'Test {ref} has been cancelled. If this is a mistake, please contact us.',
    orderCancelledAction: 'View tests',
    orderCancelledSms: 'Test {ref} has been cancelled.',
    orderCancelledInApp: 'Test {ref} has been cancelled.',

    paymentReceivedSubject: 'We received your payment for order {ref}',
    paymentReceivedBody: 'Thank you! We received your payment of PLN {amount} for order {ref}.',
    paymentReceivedAction: 'View order',
    paymentReceivedSms: 'We received PLN {amount} for order {ref}.',
    paymentReceivedInApp: 'We received your payment of PLN {amount} for order {ref}.',

    courierBookedSubject: 'Courier booked for {pickupDate}',
    courierBookedBody:
      'A courier will collect the parcel with your samples on {pickupDate} between {timeWindow}. Waybill: {waybill}.',
    courierBookedAction: 'View tests',
    courierBookedSms: 'Courier pickup {pickupDate}, {timeWindow}. Waybill {waybill}.',
    courierBookedInApp:
      'A courier will collect your samples on {pickupDate} between {timeWindow} (waybill {waybill}).',

    dropOffCodeSubject: 'Parcel drop-off code: {code}',
    dropOffCodeBody: 'Your parcel locker drop-off code is {code}. It is valid until {expiresAt}.',
    dropOffCodeAction: 'View tests',
    dropOffCodeSms: 'Parcel drop-off code: {code}, valid until {expiresAt}.',
    dropOffCodeInApp: 'Parcel drop-off code: {code} (valid until {expiresAt}).',

    dropOffCodeExpiringSubject: 'Drop-off code {code} expires soon',
    dropOffCodeExpiringBody:
      'Drop-off code {code} expires on {expiresAt}. Send the parcel with your samples before then.',
    dropOffCodeExpiringAction: 'View tests',
    dropOffCodeExpiringSms: 'Drop-off code {code} expires {expiresAt}. Send the parcel before then.',
    dropOffCodeExpiringInApp: 'Drop-off code {code} expires on {expiresAt}.',

    statusChangedSubject: 'New status of order {ref}: {status}',
    statusChangedBody: 'The status of order {ref} changed to: {status}.',
    statusChangedAction: 'View order',
    statusChangedSms: 'Order {ref}: {status}.',
    statusChangedInApp: 'Status of order {ref}: {status}.',

    statusPENDING_PAYMENT: 'awaiting payment',
    statusPAYMENT_CONFIRMED: 'payment confirmed',
    statusKIT_SENT: 'sampling kit sent',
    statusSAMPLES_COLLECTING_PENDING: 'waiting for sampling',
    statusSAMPLES_COLLECTING: 'sampling in progress',
    statusSAMPLES_COLLECTION_COMPLETED: 'samples collected',
    statusSAMPLES_SENT: 'samples sent',
    statusSAMPLES_IN_ANALYSIS: 'samples in analysis',
    statusORDER_COMPLETED: 'order completed',
    statusORDER_CANCELLED: 'order cancelled',
    statusWAITING_FOR_SHIPMENT: 'waiting for shipment',
    statusWAITING_FOR_RESULTS: 'waiting for results',
    statusPARTIAL_RESULTS: 'partial results',
    statusCOMPLETE_RESULTS: 'complete results',
    statusRESULTS_UPDATED: 'results updated',
    statusRESULTS_READY: 'results checked by the lab',
    statusCANCELLED: 'cancelled',

    newsletterUnsubscribed: 'You have been unsubscribed from the newsletter.',
  },
  uk: {
    greeting: 'Добрий день, {firstName},',
    greetingNoName: 'Добрий день,',
    signature: 'З повагою,\nКоманда Gleba',
    linkFallback: 'Якщо кнопка не працює, скопіюйте цю адресу в браузер:',
    preferencesHint: 'Налаштування сповіщень можна змінити на сторінці «Мій акаунт»: {url}',
    smsPrefix: 'Gleba:',

    activationSubject: 'Активуйте свій акаунт Gleba',
    activationBody:
      'Дякуємо за реєстрацію. Натисніть посилання нижче, щоб активувати акаунт. Посилання дійсне до {expiresAt}.',
    activationAction: 'Активувати акаунт',

    passwordResetSubject: 'Встановіть новий пароль Gleba',
    passwordResetBody:
      'Ми отримали запит на зміну пароля. Натисніть посилання нижче, щоб встановити новий пароль. Якщо це були не ви, проігноруйте цей лист.',
    passwordResetAction: 'Встановити новий пароль',

    passwordResetAdminSubject: 'Встановіть пароль до панелі адміністратора Gleba',
    passwordResetAdminBody:
      'Натисніть посилання нижче, щоб встановити пароль до панелі адміністратора. Якщо це були не ви, проігноруйте цей лист.',
    passwordResetAdminAction: 'Встановити пароль',

    orderAddedAwaitingShipmentSubject: 'Дослідження {ref} додано, очікуємо на зразки',
    orderAddedAwaitingShipmentBody:
      'Дослідження {ref} додано. Відберіть зразки ґрунту та надішліть їх до лабораторії.',
    orderAddedAwaitingShipmentAction: 'Переглянути дослідження',
    orderAddedAwaitingShipmentSms: 'Дослідження {ref} додано. Очікуємо на зразки.',
    orderAddedAwaitingShipmentInApp: 'Дослідження {ref} додано, воно очікує на відправлення зразків.',

    samplesSentSubject: 'Зразки для дослідження {ref} надіслано',
    samplesSentBody:
      'Зразки для дослідження {ref} прямують до лабораторії. Ми повідомимо вас, коли будуть результати.',
    samplesSentAction: 'Переглянути дослідження',
    samplesSentSms: 'Зразки для дослідження {ref} надіслано до лабораторії.',
    samplesSentInApp: 'Зразки для дослідження {ref} надіслано до лабораторії.',

    samplesDeliveredSubject: 'Зразки надійшли до лабораторії',
    samplesDeliveredBody: 'Посилка {ref} надійшла до лабораторії. Розпочинаємо аналіз.',
    samplesDeliveredAction: 'Переглянути дослідження',
    samplesDeliveredSms: 'Посилка {ref} надійшла до лабораторії.',
    samplesDeliveredInApp: 'Посилка {ref} надійшла до лабораторії.',

    partialResultsSubject: 'Часткові результати дослідження {ref}',
    partialResultsBody:
      'Доступні часткові результати дослідження {ref}. Решту ми опублікуємо, коли лабораторія завершить роботу.',
    partialResultsAction: 'Переглянути результати',
    partialResultsSms: 'Доступні часткові результати дослідження {ref}.',
    partialResultsInApp: 'Доступні часткові результати дослідження {ref}.',

    allResultsSubject: 'Результати дослідження {ref} готові',
    allResultsBody: 'Усі результати дослідження {ref} готові разом із рекомендаціями.',
    allResultsAction: 'Переглянути результати',
    allResultsSms: 'Результати дослідження {ref} готові.',
    allResultsInApp: 'Усі результати дослідження {ref} готові.',

    resultsUpdatedSubject: 'Результати дослідження {ref} оновлено',
    resultsUpdatedBody:
      'Лабораторія оновила результати дослідження {ref}. Перегляньте актуальні результати та рекомендації.',
    resultsUpdatedAction: 'Переглянути результати',
    resultsUpdatedSms: 'Результати дослідження {ref} оновлено.',
    resultsUpdatedInApp: 'Результати дослідження {ref} оновлено.',

    orderCancelledSubject: 'Дослідження {ref} скасовано',
    orderCancelledBody: 'Дослідження {ref} скасовано. Якщо це помилка, зв’яжіться з нами.',
    orderCancelledAction: 'Переглянути дослідження',
    orderCancelledSms: 'Дослідження {ref} скасовано.',
    orderCancelledInApp: 'Дослідження {ref} скасовано.',

    paymentReceivedSubject: 'Ми отримали оплату за замовлення {ref}',
    paymentReceivedBody: 'Дякуємо! Ми отримали оплату {amount} зл за замовлення {ref}.',
    paymentReceivedAction: 'Переглянути замовлення',
    paymentReceivedSms: 'Отримано оплату {amount} зл за замовлення {ref}.',
    paymentReceivedInApp: 'Ми отримали оплату {amount} зл за замовлення {ref}.',

    courierBookedSubject: 'Кур’єра замовлено на {pickupDate}',
    courierBookedBody:
      'Кур’єр забере посилку зі зразками {pickupDate} у проміжку {timeWindow}. Номер відправлення: {waybill}.',
    courierBookedAction: 'Переглянути дослідження',
    courierBookedSms: 'Кур’єр забере зразки {pickupDate}, {timeWindow}. Відправлення {waybill}.',
    courierBookedInApp: 'Кур’єр забере зразки {pickupDate} у проміжку {timeWindow} (відправлення {waybill}).',

    dropOffCodeSubject: 'Код відправлення посилки: {code}',
    dropOffCodeBody: 'Ваш код для відправлення через поштомат: {code}. Код дійсний до {expiresAt}.',
    dropOffCodeAction: 'Переглянути дослідження',
    dropOffCodeSms: 'Код відправлення посилки: {code}, дійсний до {expiresAt}.',
    dropOffCodeInApp: 'Код відправлення посилки зі зразками: {code} (дійсний до {expiresAt}).',

    dropOffCodeExpiringSubject: 'Термін дії коду {code} скоро закінчиться',
    dropOffCodeExpiringBody:
      'Термін дії коду відправлення {code} закінчується {expiresAt}. Надішліть посилку зі зразками до цього часу.',
    dropOffCodeExpiringAction: 'Переглянути дослідження',
    dropOffCodeExpiringSms: 'Код {code} діє до {expiresAt}. Надішліть посилку до цього часу.',
    dropOffCodeExpiringInApp: 'Термін дії коду відправлення {code} закінчується {expiresAt}.',

    statusChangedSubject: 'Новий статус замовлення {ref}: {status}',
    statusChangedBody: 'Статус замовлення {ref} змінено на: {status}.',
    statusChangedAction: 'Переглянути замовлення',
    statusChangedSms: 'Замовлення {ref}: {status}.',
    statusChangedInApp: 'Статус замовлення {ref}: {status}.',

    statusPENDING_PAYMENT: 'очікує на оплату',
    statusPAYMENT_CONFIRMED: 'оплату підтверджено',
    statusKIT_SENT: 'набір для відбору зразків надіслано',
    statusSAMPLES_COLLECTING_PENDING: 'очікує на відбір зразків',
    statusSAMPLES_COLLECTING: 'відбір зразків',
    statusSAMPLES_COLLECTION_COMPLETED: 'зразки відібрано',
    statusSAMPLES_SENT: 'зразки надіслано',
    statusSAMPLES_IN_ANALYSIS: 'зразки на аналізі',
    statusORDER_COMPLETED: 'замовлення виконано',
    statusORDER_CANCELLED: 'замовлення скасовано',
    statusWAITING_FOR_SHIPMENT: 'очікує на відправлення',
    statusWAITING_FOR_RESULTS: 'очікує на результати',
    statusPARTIAL_RESULTS: 'часткові результати',
    statusCOMPLETE_RESULTS: 'повні результати',
    statusRESULTS_UPDATED: 'результати оновлено',
    statusRESULTS_READY: 'результати перевірені лабораторією',
    statusCANCELLED: 'скасовано',

    newsletterUnsubscribed: 'Ви відписалися від розсилки.',
  },
});
