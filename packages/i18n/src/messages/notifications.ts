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
    preferencesHint: 'Ustawienia powiadomień (e-mail, SMS, w aplikacji) zmienisz na stronie Moje konto.',
    preferencesLink: 'Zmień ustawienia powiadomień',
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

    dataExportReadySubject: 'Twoje dane z Gleba są gotowe do pobrania',
    dataExportReadyBody:
      'Przygotowaliśmy archiwum z kopią Twoich danych. Pobierzesz je po zalogowaniu, do {expiresAt}.',
    dataExportReadyAction: 'Pobierz moje dane',

    erasureConfirmSubject: 'Potwierdź usunięcie konta w Gleba',
    erasureConfirmBody:
      'Otrzymaliśmy prośbę o usunięcie Twojego konta i danych. Aby ją potwierdzić, kliknij poniższy link (ważny do {expiresAt}) i zaloguj się. Jeśli to nie Ty, zignoruj tę wiadomość.',
    erasureConfirmAction: 'Potwierdź usunięcie konta',

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
    paymentReceivedBody: 'Dziękujemy! Otrzymaliśmy płatność {amount} za zamówienie {ref}.',
    paymentReceivedAction: 'Zobacz zamówienie',
    paymentReceivedSms: 'Otrzymaliśmy płatność {amount} za zamówienie {ref}.',
    paymentReceivedInApp: 'Otrzymaliśmy płatność {amount} za zamówienie {ref}.',

    paymentExpiredSubject: 'Czas na płatność za zamówienie {ref} minął',
    paymentExpiredBody:
      'Płatność online {amount} za zamówienie {ref} nie została dokończona, a jej czas minął. Zamówienie nadal czeka na płatność: możesz zapłacić ponownie online albo zwykłym przelewem.',
    paymentExpiredAction: 'Zapłać za zamówienie',
    paymentExpiredSms: 'Czas płatności za {ref} minął. Zapłać w aplikacji.',
    paymentExpiredInApp: 'Czas na płatność {amount} za zamówienie {ref} minął. Możesz zapłacić ponownie.',

    sendSamplesReminderSubject: 'Wyślij próbki do zamówienia {ref} do {dueDate}',
    sendSamplesReminderBody:
      'Próbki powinny dotrzeć do laboratorium w ciągu 4 dni od pobrania, a do zamówienia {ref} jeszcze nic nie wysłano. Wyślij je do {dueDate}: zamów kuriera, wybierz punkt odbioru albo kod nadania bez etykiety.',
    sendSamplesReminderAction: 'Wyślij próbki',
    sendSamplesReminderSms: 'Wyślij próbki do {ref} do {dueDate}.',
    sendSamplesReminderInApp:
      'Wyślij próbki do zamówienia {ref} do {dueDate}, aby dotarły do laboratorium w ciągu 4 dni.',
    paymentRefundDueSubject: 'Zwrócimy płatność za zamówienie {ref}',
    paymentRefundDueBody:
      'Otrzymaliśmy płatność {amount} za zamówienie {ref}, które nie może jej przyjąć (zostało anulowane albo było już opłacone). Zwrócimy pieniądze na konto, z którego przyszły.',
    paymentRefundDueAction: 'Zobacz zamówienie',
    paymentRefundDueSms: 'Płatność {amount} za {ref} zostanie zwrócona.',
    paymentRefundDueInApp: 'Płatność {amount} za zamówienie {ref} zostanie zwrócona.',

    complaintAnsweredSubject: 'Odpowiedź na reklamację badania {ref}',
    complaintAnsweredBody: 'Laboratorium odpowiedziało na Twoją reklamację badania {ref}: „{answer}”',
    complaintAnsweredAction: 'Zobacz wyniki',
    complaintAnsweredSms: 'Reklamacja {ref}: odpowiedź czeka w aplikacji.',
    complaintAnsweredInApp: 'Odpowiedź na reklamację badania {ref}: „{answer}”',

    complaintRetestSubject: 'Powtórzymy badanie {ref}',
    complaintRetestBody:
      'Laboratorium przyjęło Twoją reklamację badania {ref} i powtórzy badanie próbki: „{answer}”. Gdy nowe wyniki będą gotowe, powiadomimy Cię.',
    complaintRetestAction: 'Zobacz wyniki',
    complaintRetestSms: 'Reklamacja {ref} przyjęta: powtórzymy badanie.',
    complaintRetestInApp: 'Reklamacja badania {ref} przyjęta, powtórzymy badanie: „{answer}”',

    complaintSampleAnsweredSubject: 'Odpowiedź na reklamację próbki {sample} (zamówienie {ref})',
    complaintSampleAnsweredBody:
      'Laboratorium odpowiedziało na Twoją reklamację próbki {sample} z zamówienia {ref}: „{answer}”',
    complaintSampleAnsweredAction: 'Zobacz wyniki',
    complaintSampleAnsweredSms: 'Reklamacja próbki {sample}: odpowiedź w aplikacji.',
    complaintSampleAnsweredInApp: 'Odpowiedź na reklamację próbki {sample} z zamówienia {ref}: „{answer}”',

    complaintSampleRetestSubject: 'Powtórzymy badanie próbki {sample} (zamówienie {ref})',
    complaintSampleRetestBody:
      'Laboratorium przyjęło Twoją reklamację próbki {sample} z zamówienia {ref} i powtórzy jej badanie: „{answer}”. Gdy nowe wyniki będą gotowe, powiadomimy Cię.',
    complaintSampleRetestAction: 'Zobacz wyniki',
    complaintSampleRetestSms: 'Reklamacja próbki {sample} przyjęta: powtórzymy badanie.',
    complaintSampleRetestInApp:
      'Reklamacja próbki {sample} z zamówienia {ref} przyjęta, powtórzymy badanie: „{answer}”',

    courierBookedSubject: 'Kurier zamówiony na {pickupDate}',
    courierBookedBody:
      'Kurier odbierze paczkę z próbkami {pickupDate} w godzinach {timeWindow}. Numer przesyłki: {waybill}.',
    courierBookedAction: 'Zobacz badania',
    courierBookedSms: 'Kurier: {pickupDate} {timeWindow}, przesyłka {waybill}.',
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
    dropOffCodeExpiringSms: 'Kod {code} wygasa {expiresAt}. Nadaj paczkę wcześniej.',
    dropOffCodeExpiringInApp: 'Kod nadania {code} wygasa {expiresAt}.',

    statusChangedSubject: 'Nowy status zamówienia {ref}: {status}',
    statusChangedBody: 'Status zamówienia {ref} zmienił się na: {status}.',
    statusChangedAction: 'Zobacz zamówienie',
    statusChangedSms: 'Zamówienie {ref}: {status}.',
    statusChangedInApp: 'Status zamówienia {ref}: {status}.',
    transferPendingSubject: 'Zamówienie {ref} czeka na przelew',
    transferPendingBody:
      'Dziękujemy za zamówienie {ref}. Zrealizujemy je po otrzymaniu przelewu:\n\nOdbiorca: {recipient}\nNumer konta: {accountNumber}\nTytuł przelewu: {transferTitle}\nKwota: {amount}\n\nPo zaksięgowaniu wpłaty wyślemy zestaw do pobierania próbek.',
    transferPendingAction: 'Zobacz zamówienie',
    transferPendingSms: 'Zamówienie {ref}: przelew {amount}, dane w e-mailu.',
    transferPendingInApp: 'Zamówienie {ref} czeka na przelew {amount} (tytuł: {transferTitle}).',
    deferredTransferPendingSubject: 'Zamówienie {ref} przyjęte, termin płatności {dueDate}',
    deferredTransferPendingBody:
      'Zamówienie {ref} zostało przyjęte z odroczonym terminem płatności. Prosimy o przelew do {dueDate}:\n\nOdbiorca: {recipient}\nNumer konta: {accountNumber}\nTytuł przelewu: {transferTitle}\nKwota: {amount}\nTermin płatności: {dueDate}',
    deferredTransferPendingAction: 'Zobacz zamówienie',
    deferredTransferPendingSms: 'Zamówienie {ref}: przelew {amount} do {dueDate}.',
    deferredTransferPendingInApp:
      'Zamówienie {ref} przyjęte: przelew {amount} do {dueDate} (tytuł: {transferTitle}).',
    kitSentSubject: 'Zestaw do pobierania próbek dla zamówienia {ref} wysłany',
    kitSentBody:
      'Wysłaliśmy zestaw do pobierania próbek dla zamówienia {ref}. Numer przesyłki: {trackingNumber}.',
    kitSentAction: 'Zobacz zamówienie',
    kitSentSms: 'Zestaw do zamówienia {ref} wysłany: {trackingNumber}.',
    kitSentInApp: 'Zestaw do pobierania próbek dla zamówienia {ref} wysłany (przesyłka {trackingNumber}).',
    newsletterWelcomeSubject: 'Zapisano Cię do newslettera Gleba',
    newsletterWelcomeBody:
      'Dziękujemy za zapis do newslettera Gleba. Będziemy wysyłać porady o badaniu gleby, wapnowaniu i nawożeniu.\n\nNie chcesz już go dostawać? Wypisz się jednym kliknięciem.',
    newsletterWelcomeAction: 'Wypisz się z newslettera',

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

    prefsTitle: 'Powiadomienia',
    prefsIntro: 'Wybierz, o czym i którędy chcesz dostawać powiadomienia. Każda zmiana zapisuje się od razu.',
    prefsEmail: 'E-mail',
    prefsInApp: 'W aplikacji',
    prefsSms: 'SMS',
    prefsSaved: 'Zapisano ustawienia powiadomień.',
    prefsLoadFailed: 'Nie udało się wczytać ustawień powiadomień. Odśwież stronę.',
    prefsNoPhone: 'SMS wyślemy, gdy podasz numer telefonu w danych konta.',
    typeORDER_ADDED_AWAITING_SHIPMENT: 'Badanie dodane, czeka na próbki',
    typeORDER_STATUS_CHANGED: 'Zmiana statusu zamówienia',
    typeSAMPLES_SENT: 'Próbki wysłane do laboratorium',
    typeSAMPLES_DELIVERED: 'Próbki dotarły do laboratorium',
    typePARTIAL_RESULTS: 'Częściowe wyniki',
    typeALL_RESULTS: 'Wyniki gotowe',
    typeRESULTS_UPDATED: 'Wyniki zaktualizowane',
    typeORDER_CANCELLED: 'Anulowanie badania lub zamówienia',
    typePAYMENT_RECEIVED: 'Otrzymana płatność',
    typePAYMENT_EXPIRED: 'Czas na płatność minął',
    typePAYMENT_REFUND_DUE: 'Zwrot płatności',
    typeSAMPLES_SEND_REMINDER: 'Przypomnienie o wysłaniu próbek',
    typeCOURIER_BOOKED: 'Zamówiony kurier',
    typeDROP_OFF_CODE: 'Kod nadania paczki',
    typeDROP_OFF_CODE_EXPIRING: 'Kod nadania wkrótce wygaśnie',
    typeCOMPLAINT_ANSWERED: 'Odpowiedź na reklamację',
    typeACCOUNT_ACTIVATION: 'Aktywacja konta',
    typePASSWORD_RESET: 'Ustawienie hasła',
    typeACCOUNT_DATA: 'Moje dane',
    typeNEWSLETTER: 'Newsletter',
    newsletterUnsubscribeTitle: 'Newsletter Gleba',
    newsletterUnsubscribeQuestion: 'Czy na pewno chcesz wypisać się z newslettera Gleba?',
  },
  en: {
    greeting: 'Hello {firstName},',
    greetingNoName: 'Hello,',
    signature: 'Best regards,\nThe Gleba team',
    linkFallback: 'If the button does not work, copy this address into your browser:',
    preferencesHint:
      'You can change your notification settings (e-mail, SMS, in the app) on the My account page.',
    preferencesLink: 'Change notification settings',
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

    dataExportReadySubject: 'Your Gleba data is ready to download',
    dataExportReadyBody:
      'We have prepared an archive with a copy of your data. Sign in to download it, until {expiresAt}.',
    dataExportReadyAction: 'Download my data',

    erasureConfirmSubject: 'Confirm deleting your Gleba account',
    erasureConfirmBody:
      'We received a request to delete your account and data. To confirm it, click the link below (valid until {expiresAt}) and sign in. If it was not you, ignore this message.',
    erasureConfirmAction: 'Confirm deleting the account',

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
    paymentReceivedBody: 'Thank you! We received your payment of {amount} for order {ref}.',
    paymentReceivedAction: 'View order',
    paymentReceivedSms: 'We received {amount} for order {ref}.',
    paymentReceivedInApp: 'We received your payment of {amount} for order {ref}.',

    paymentExpiredSubject: 'The time to pay for order {ref} has run out',
    paymentExpiredBody:
      'The online payment of {amount} for order {ref} was not completed and its time has run out. The order still awaits payment: you can pay online again or by bank transfer.',
    paymentExpiredAction: 'Pay for the order',
    paymentExpiredSms: 'The time to pay for order {ref} has run out. Pay again in the app.',
    paymentExpiredInApp: 'The time to pay {amount} for order {ref} has run out. You can pay again.',

    sendSamplesReminderSubject: 'Send the samples of order {ref} by {dueDate}',
    sendSamplesReminderBody:
      'Samples should reach the lab within 4 days of being taken, and nothing has been sent for order {ref} yet. Send them by {dueDate}: book a courier, choose a pickup point or get a drop-off code without a label.',
    sendSamplesReminderAction: 'Send the samples',
    sendSamplesReminderSms: 'Send the samples of {ref} by {dueDate}.',
    sendSamplesReminderInApp:
      'Send the samples of order {ref} by {dueDate}, so they reach the lab within 4 days.',
    paymentRefundDueSubject: 'We will refund your payment for order {ref}',
    paymentRefundDueBody:
      'We received a payment of {amount} for order {ref}, which cannot accept it (it was cancelled or already paid). We will return the money to the account it came from.',
    paymentRefundDueAction: 'View order',
    paymentRefundDueSms: 'Your payment of {amount} for order {ref} will be refunded.',
    paymentRefundDueInApp: 'Your payment of {amount} for order {ref} will be refunded.',

    complaintAnsweredSubject: 'Answer to your complaint about test {ref}',
    complaintAnsweredBody: 'The lab answered your complaint about test {ref}: "{answer}"',
    complaintAnsweredAction: 'View results',
    complaintAnsweredSms: 'Complaint {ref}: the answer is in the app.',
    complaintAnsweredInApp: 'Answer to your complaint about test {ref}: "{answer}"',

    complaintRetestSubject: 'We will test {ref} again',
    complaintRetestBody:
      'The lab accepted your complaint about test {ref} and will test the sample again: "{answer}". We will let you know when the new results are ready.',
    complaintRetestAction: 'View results',
    complaintRetestSms: 'Complaint {ref} accepted: we will test it again.',
    complaintRetestInApp: 'Complaint about test {ref} accepted, we will test it again: "{answer}"',

    complaintSampleAnsweredSubject: 'Answer to your complaint about sample {sample} (order {ref})',
    complaintSampleAnsweredBody:
      'The lab answered your complaint about sample {sample} of order {ref}: "{answer}"',
    complaintSampleAnsweredAction: 'View results',
    complaintSampleAnsweredSms: 'Complaint about sample {sample}: the answer is in the app.',
    complaintSampleAnsweredInApp: 'Answer to your complaint about sample {sample} of order {ref}: "{answer}"',

    complaintSampleRetestSubject: 'We will test sample {sample} (order {ref}) again',
    complaintSampleRetestBody:
      'The lab accepted your complaint about sample {sample} of order {ref} and will test it again: "{answer}". We will let you know when the new results are ready.',
    complaintSampleRetestAction: 'View results',
    complaintSampleRetestSms: 'Complaint about sample {sample} accepted: we will test it again.',
    complaintSampleRetestInApp:
      'Complaint about sample {sample} of order {ref} accepted, we will test it again: "{answer}"',

    courierBookedSubject: 'Courier booked for {pickupDate}',
    courierBookedBody:
      'A courier will collect the parcel with your samples on {pickupDate} between {timeWindow}. Waybill: {waybill}.',
    courierBookedAction: 'View tests',
    courierBookedSms: 'Courier: {pickupDate} {timeWindow}, waybill {waybill}.',
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
    dropOffCodeExpiringSms: 'Code {code} expires {expiresAt}. Send the parcel before then.',
    dropOffCodeExpiringInApp: 'Drop-off code {code} expires on {expiresAt}.',

    statusChangedSubject: 'New status of order {ref}: {status}',
    statusChangedBody: 'The status of order {ref} changed to: {status}.',
    statusChangedAction: 'View order',
    statusChangedSms: 'Order {ref}: {status}.',
    statusChangedInApp: 'Status of order {ref}: {status}.',
    transferPendingSubject: 'Order {ref} is waiting for your transfer',
    transferPendingBody:
      'Thank you for order {ref}. We will carry it out once we receive your bank transfer:\n\nRecipient: {recipient}\nAccount number: {accountNumber}\nTransfer title: {transferTitle}\nAmount: {amount}\n\nWhen the payment arrives we will send you the sampling kit.',
    transferPendingAction: 'View order',
    transferPendingSms: 'Order {ref}: please transfer {amount}, details in the e-mail.',
    transferPendingInApp: 'Order {ref} is waiting for a transfer of {amount} (title: {transferTitle}).',
    deferredTransferPendingSubject: 'Order {ref} accepted, payment due {dueDate}',
    deferredTransferPendingBody:
      'Order {ref} has been accepted with deferred payment. Please make the transfer by {dueDate}:\n\nRecipient: {recipient}\nAccount number: {accountNumber}\nTransfer title: {transferTitle}\nAmount: {amount}\nDue date: {dueDate}',
    deferredTransferPendingAction: 'View order',
    deferredTransferPendingSms: 'Order {ref}: please transfer {amount} by {dueDate}.',
    deferredTransferPendingInApp:
      'Order {ref} accepted: please transfer {amount} by {dueDate} (title: {transferTitle}).',
    kitSentSubject: 'Sampling kit for order {ref} sent',
    kitSentBody: 'We have sent the sampling kit for order {ref}. Tracking number: {trackingNumber}.',
    kitSentAction: 'View order',
    kitSentSms: 'Kit for order {ref} sent, tracking {trackingNumber}.',
    kitSentInApp: 'Sampling kit for order {ref} sent (tracking number {trackingNumber}).',
    newsletterWelcomeSubject: 'You have subscribed to the Gleba newsletter',
    newsletterWelcomeBody:
      'Thank you for subscribing to the Gleba newsletter. We will send you advice on soil testing, liming and fertilising.\n\nNo longer want it? Unsubscribe with one click.',
    newsletterWelcomeAction: 'Unsubscribe from the newsletter',

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

    prefsTitle: 'Notifications',
    prefsIntro: 'Choose what you want to hear about and how. Every change is saved at once.',
    prefsEmail: 'E-mail',
    prefsInApp: 'In the app',
    prefsSms: 'SMS',
    prefsSaved: 'Notification settings saved.',
    prefsLoadFailed: 'Could not load your notification settings. Reload the page.',
    prefsNoPhone: 'We will send SMS once you add a phone number to your account data.',
    typeORDER_ADDED_AWAITING_SHIPMENT: 'Test added, waiting for samples',
    typeORDER_STATUS_CHANGED: 'Order status changes',
    typeSAMPLES_SENT: 'Samples sent to the laboratory',
    typeSAMPLES_DELIVERED: 'Samples reached the laboratory',
    typePARTIAL_RESULTS: 'Partial results',
    typeALL_RESULTS: 'Results ready',
    typeRESULTS_UPDATED: 'Results updated',
    typeORDER_CANCELLED: 'Test or order cancelled',
    typePAYMENT_RECEIVED: 'Payment received',
    typePAYMENT_EXPIRED: 'Payment time ran out',
    typePAYMENT_REFUND_DUE: 'Payment refund',
    typeSAMPLES_SEND_REMINDER: 'Reminder to send the samples',
    typeCOURIER_BOOKED: 'Courier booked',
    typeDROP_OFF_CODE: 'Parcel drop-off code',
    typeDROP_OFF_CODE_EXPIRING: 'Drop-off code expiring',
    typeCOMPLAINT_ANSWERED: 'Complaint answered',
    typeACCOUNT_ACTIVATION: 'Account activation',
    typePASSWORD_RESET: 'Password setting',
    typeACCOUNT_DATA: 'My data',
    typeNEWSLETTER: 'Newsletter',
    newsletterUnsubscribeTitle: 'Gleba newsletter',
    newsletterUnsubscribeQuestion: 'Do you want to unsubscribe from the Gleba newsletter?',
  },
  uk: {
    greeting: 'Добрий день, {firstName},',
    greetingNoName: 'Добрий день,',
    signature: 'З повагою,\nКоманда Gleba',
    linkFallback: 'Якщо кнопка не працює, скопіюйте цю адресу в браузер:',
    preferencesHint:
      'Налаштування сповіщень (e-mail, SMS, у застосунку) можна змінити на сторінці «Мій акаунт».',
    preferencesLink: 'Змінити налаштування сповіщень',
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

    dataExportReadySubject: 'Ваші дані з Gleba готові до завантаження',
    dataExportReadyBody:
      'Ми підготували архів із копією ваших даних. Завантажте його після входу, до {expiresAt}.',
    dataExportReadyAction: 'Завантажити мої дані',

    erasureConfirmSubject: 'Підтвердьте видалення облікового запису в Gleba',
    erasureConfirmBody:
      'Ми отримали запит на видалення вашого облікового запису та даних. Щоб підтвердити його, натисніть посилання нижче (дійсне до {expiresAt}) і увійдіть. Якщо це були не ви, проігноруйте цей лист.',
    erasureConfirmAction: 'Підтвердити видалення',

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
    samplesSentSms: 'Зразки ({ref}) надіслано до лабораторії.',
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
    paymentReceivedBody: 'Дякуємо! Ми отримали оплату {amount} за замовлення {ref}.',
    paymentReceivedAction: 'Переглянути замовлення',
    paymentReceivedSms: 'Отримано оплату {amount} за замовлення {ref}.',
    paymentReceivedInApp: 'Ми отримали оплату {amount} за замовлення {ref}.',

    paymentExpiredSubject: 'Час на оплату замовлення {ref} минув',
    paymentExpiredBody:
      'Онлайн-оплату {amount} за замовлення {ref} не завершено, і її час минув. Замовлення й далі чекає на оплату: можна оплатити ще раз онлайн або звичайним переказом.',
    paymentExpiredAction: 'Оплатити замовлення',
    paymentExpiredSms: 'Час оплати {ref} минув. Оплатіть у застосунку.',
    paymentExpiredInApp: 'Час на оплату {amount} за замовлення {ref} минув. Можна оплатити ще раз.',

    sendSamplesReminderSubject: 'Надішліть зразки замовлення {ref} до {dueDate}',
    sendSamplesReminderBody:
      'Зразки мають потрапити до лабораторії протягом 4 днів після відбору, а для замовлення {ref} ще нічого не надіслано. Надішліть їх до {dueDate}: замовте кур’єра, виберіть пункт видачі або отримайте код відправлення без етикетки.',
    sendSamplesReminderAction: 'Надіслати зразки',
    sendSamplesReminderSms: 'Надішліть зразки {ref} до {dueDate}.',
    sendSamplesReminderInApp:
      'Надішліть зразки замовлення {ref} до {dueDate}, щоб вони потрапили до лабораторії за 4 дні.',
    paymentRefundDueSubject: 'Ми повернемо оплату за замовлення {ref}',
    paymentRefundDueBody:
      'Ми отримали оплату {amount} за замовлення {ref}, яке не може її прийняти (його скасовано або вже оплачено). Ми повернемо гроші на рахунок, з якого вони надійшли.',
    paymentRefundDueAction: 'Переглянути замовлення',
    paymentRefundDueSms: 'Оплату {amount} за {ref} буде повернено.',
    paymentRefundDueInApp: 'Оплату {amount} за замовлення {ref} буде повернено.',

    complaintAnsweredSubject: 'Відповідь на скаргу щодо аналізу {ref}',
    complaintAnsweredBody: 'Лабораторія відповіла на вашу скаргу щодо аналізу {ref}: «{answer}»',
    complaintAnsweredAction: 'Переглянути результати',
    complaintAnsweredSms: 'Скарга {ref}: відповідь у застосунку.',
    complaintAnsweredInApp: 'Відповідь на скаргу щодо аналізу {ref}: «{answer}»',

    complaintRetestSubject: 'Ми повторимо аналіз {ref}',
    complaintRetestBody:
      'Лабораторія прийняла вашу скаргу щодо аналізу {ref} і повторить аналіз зразка: «{answer}». Ми повідомимо вас, коли нові результати будуть готові.',
    complaintRetestAction: 'Переглянути результати',
    complaintRetestSms: 'Скаргу {ref} прийнято: повторимо аналіз.',
    complaintRetestInApp: 'Скаргу щодо аналізу {ref} прийнято, ми повторимо аналіз: «{answer}»',

    complaintSampleAnsweredSubject: 'Відповідь на скаргу щодо зразка {sample} (замовлення {ref})',
    complaintSampleAnsweredBody:
      'Лабораторія відповіла на вашу скаргу щодо зразка {sample} із замовлення {ref}: «{answer}»',
    complaintSampleAnsweredAction: 'Переглянути результати',
    complaintSampleAnsweredSms: 'Скарга щодо зразка {sample}: відповідь у застосунку.',
    complaintSampleAnsweredInApp: 'Відповідь на скаргу щодо зразка {sample} із замовлення {ref}: «{answer}»',

    complaintSampleRetestSubject: 'Ми повторимо аналіз зразка {sample} (замовлення {ref})',
    complaintSampleRetestBody:
      'Лабораторія прийняла вашу скаргу щодо зразка {sample} із замовлення {ref} і повторить його аналіз: «{answer}». Ми повідомимо вас, коли нові результати будуть готові.',
    complaintSampleRetestAction: 'Переглянути результати',
    complaintSampleRetestSms: 'Скаргу щодо зразка {sample} прийнято: повторимо аналіз.',
    complaintSampleRetestInApp:
      'Скаргу щодо зразка {sample} із замовлення {ref} прийнято, ми повторимо аналіз: «{answer}»',

    courierBookedSubject: 'Кур’єра замовлено на {pickupDate}',
    courierBookedBody:
      'Кур’єр забере посилку зі зразками {pickupDate} у проміжку {timeWindow}. Номер відправлення: {waybill}.',
    courierBookedAction: 'Переглянути дослідження',
    courierBookedSms: 'Кур’єр: {pickupDate} {timeWindow}, відправлення {waybill}.',
    courierBookedInApp: 'Кур’єр забере зразки {pickupDate} у проміжку {timeWindow} (відправлення {waybill}).',

    dropOffCodeSubject: 'Код відправлення посилки: {code}',
    dropOffCodeBody: 'Ваш код для відправлення через поштомат: {code}. Код дійсний до {expiresAt}.',
    dropOffCodeAction: 'Переглянути дослідження',
    dropOffCodeSms: 'Код відправлення: {code}, дійсний до {expiresAt}.',
    dropOffCodeInApp: 'Код відправлення посилки зі зразками: {code} (дійсний до {expiresAt}).',

    dropOffCodeExpiringSubject: 'Термін дії коду {code} скоро закінчиться',
    dropOffCodeExpiringBody:
      'Термін дії коду відправлення {code} закінчується {expiresAt}. Надішліть посилку зі зразками до цього часу.',
    dropOffCodeExpiringAction: 'Переглянути дослідження',
    dropOffCodeExpiringSms: 'Код {code} діє лише до {expiresAt}. Надішліть посилку.',
    dropOffCodeExpiringInApp: 'Термін дії коду відправлення {code} закінчується {expiresAt}.',

    statusChangedSubject: 'Новий статус замовлення {ref}: {status}',
    statusChangedBody: 'Статус замовлення {ref} змінено на: {status}.',
    statusChangedAction: 'Переглянути замовлення',
    statusChangedSms: 'Замовлення {ref}: {status}.',
    statusChangedInApp: 'Статус замовлення {ref}: {status}.',
    transferPendingSubject: 'Замовлення {ref} очікує на переказ',
    transferPendingBody:
      'Дякуємо за замовлення {ref}. Ми виконаємо його після отримання банківського переказу:\n\nОтримувач: {recipient}\nНомер рахунку: {accountNumber}\nПризначення платежу: {transferTitle}\nСума: {amount}\n\nПісля зарахування оплати ми надішлемо набір для відбору зразків.',
    transferPendingAction: 'Переглянути замовлення',
    transferPendingSms: 'Замовлення {ref}: переказ {amount}, дані в листі.',
    transferPendingInApp: 'Замовлення {ref} очікує на переказ {amount} (призначення: {transferTitle}).',
    deferredTransferPendingSubject: 'Замовлення {ref} прийнято, строк оплати {dueDate}',
    deferredTransferPendingBody:
      'Замовлення {ref} прийнято з відстроченою оплатою. Будь ласка, зробіть переказ до {dueDate}:\n\nОтримувач: {recipient}\nНомер рахунку: {accountNumber}\nПризначення платежу: {transferTitle}\nСума: {amount}\nСтрок оплати: {dueDate}',
    deferredTransferPendingAction: 'Переглянути замовлення',
    deferredTransferPendingSms: 'Замовлення {ref}: переказ {amount} до {dueDate}.',
    deferredTransferPendingInApp:
      'Замовлення {ref} прийнято: переказ {amount} до {dueDate} (призначення: {transferTitle}).',
    kitSentSubject: 'Набір для відбору зразків до замовлення {ref} надіслано',
    kitSentBody:
      'Ми надіслали набір для відбору зразків до замовлення {ref}. Номер відправлення: {trackingNumber}.',
    kitSentAction: 'Переглянути замовлення',
    kitSentSms: 'Набір до замовлення {ref} надіслано: {trackingNumber}.',
    kitSentInApp: 'Набір для відбору зразків до замовлення {ref} надіслано (відправлення {trackingNumber}).',
    newsletterWelcomeSubject: 'Ви підписалися на розсилку Gleba',
    newsletterWelcomeBody:
      'Дякуємо за підписку на розсилку Gleba. Ми надсилатимемо поради щодо дослідження ґрунту, вапнування та удобрення.\n\nБільше не хочете її отримувати? Відпишіться одним натисканням.',
    newsletterWelcomeAction: 'Відписатися від розсилки',

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

    prefsTitle: 'Сповіщення',
    prefsIntro: 'Виберіть, про що і як ви хочете отримувати сповіщення. Кожна зміна зберігається одразу.',
    prefsEmail: 'E-mail',
    prefsInApp: 'У застосунку',
    prefsSms: 'SMS',
    prefsSaved: 'Налаштування сповіщень збережено.',
    prefsLoadFailed: 'Не вдалося завантажити налаштування сповіщень. Оновіть сторінку.',
    prefsNoPhone: 'SMS надсилатимемо, коли ви додасте номер телефону в даних акаунта.',
    typeORDER_ADDED_AWAITING_SHIPMENT: 'Дослідження додано, очікує на зразки',
    typeORDER_STATUS_CHANGED: 'Зміна статусу замовлення',
    typeSAMPLES_SENT: 'Зразки надіслано до лабораторії',
    typeSAMPLES_DELIVERED: 'Зразки надійшли до лабораторії',
    typePARTIAL_RESULTS: 'Часткові результати',
    typeALL_RESULTS: 'Результати готові',
    typeRESULTS_UPDATED: 'Результати оновлено',
    typeORDER_CANCELLED: 'Скасування дослідження або замовлення',
    typePAYMENT_RECEIVED: 'Отримана оплата',
    typePAYMENT_EXPIRED: 'Час на оплату минув',
    typePAYMENT_REFUND_DUE: 'Повернення оплати',
    typeSAMPLES_SEND_REMINDER: 'Нагадування надіслати зразки',
    typeCOURIER_BOOKED: 'Замовлений кур’єр',
    typeDROP_OFF_CODE: 'Код відправлення посилки',
    typeDROP_OFF_CODE_EXPIRING: 'Код відправлення скоро закінчиться',
    typeCOMPLAINT_ANSWERED: 'Відповідь на скаргу',
    typeACCOUNT_ACTIVATION: 'Активація акаунта',
    typePASSWORD_RESET: 'Встановлення пароля',
    typeACCOUNT_DATA: 'Мої дані',
    typeNEWSLETTER: 'Розсилка',
    newsletterUnsubscribeTitle: 'Розсилка Gleba',
    newsletterUnsubscribeQuestion: 'Ви дійсно хочете відписатися від розсилки Gleba?',
  },
});
