import type { Language, PrivacyService } from '@gleba/contracts';

const SERVICE_FILES: Record<Language, Record<PrivacyService, string>> = {
  pl: {
    identity: 'identity.json: konto, dane osobowe i firmowe, adresy, logowanie przez serwisy, ankieta',
    geo: 'geo.json: gospodarstwo; geo-plots.geojson i geo-crops.geojson: działki i uprawy (GeoJSON, WGS84)',
    orders: 'orders.json: zamówienia, badania ogrodowe, płatności, reklamacje, historia statusów',
    'lab-import': 'lab-import.json: próbki, wyniki badań i zalecenia nawozowe',
    shipping: 'shipping.json: przesyłki, nadawca, punkty odbioru, śledzenie',
    notification:
      'notification.json: powiadomienia, ustawienia powiadomień, wysłane e-maile i SMS, newsletter',
  },
  en: {
    identity: 'identity.json: account, personal and business data, addresses, social sign-in, survey',
    geo: 'geo.json: farm; geo-plots.geojson and geo-crops.geojson: plots and crops (GeoJSON, WGS84)',
    orders: 'orders.json: orders, garden tests, payments, complaints, status history',
    'lab-import': 'lab-import.json: samples, test results and fertilizer recommendations',
    shipping: 'shipping.json: shipments, sender, pickup points, tracking',
    notification: 'notification.json: notices, notification settings, e-mails and SMS sent, newsletter',
  },
  uk: {
    identity:
      'identity.json: обліковий запис, особисті та фірмові дані, адреси, вхід через сервіси, опитування',
    geo: 'geo.json: господарство; geo-plots.geojson і geo-crops.geojson: ділянки та культури (GeoJSON, WGS84)',
    orders: 'orders.json: замовлення, садові аналізи, платежі, скарги, історія статусів',
    'lab-import': 'lab-import.json: зразки, результати аналізів і рекомендації щодо добрив',
    shipping: 'shipping.json: відправлення, відправник, пункти видачі, відстеження',
    notification: 'notification.json: сповіщення, налаштування сповіщень, надіслані e-mail і SMS, розсилка',
  },
};

const TEXT: Record<Language, { title: string; intro: string; files: string; note: string }> = {
  pl: {
    title: 'Twoje dane w Gleba',
    intro:
      'To archiwum zawiera kopię danych osobowych, które Gleba przechowuje o Tobie (RODO, art. 15 i 20), stan na {date}. Każdy plik pochodzi z jednej części systemu i jest w formacie JSON, czytelnym dla innych programów.',
    files: 'Pliki:',
    note: 'Pytania lub prośby o sprostowanie danych: skontaktuj się z nami przez stronę Moje konto.',
  },
  en: {
    title: 'Your data at Gleba',
    intro:
      'This archive holds a copy of the personal data Gleba keeps about you (GDPR articles 15 and 20), as of {date}. Each file comes from one part of the system and is JSON, readable by other programs.',
    files: 'Files:',
    note: 'Questions or corrections: contact us through the My account page.',
  },
  uk: {
    title: 'Ваші дані в Gleba',
    intro:
      'Цей архів містить копію персональних даних, які Gleba зберігає про вас (GDPR, статті 15 і 20), станом на {date}. Кожен файл походить з однієї частини системи і має формат JSON, зрозумілий іншим програмам.',
    files: 'Файли:',
    note: 'Запитання або виправлення даних: зв’яжіться з нами через сторінку «Мій обліковий запис».',
  },
};

/** The archive's README.txt, in the account's language. */
export function exportReadme(language: Language, services: readonly PrivacyService[], at: Date): string {
  const t = TEXT[language];
  const date = at.toISOString().slice(0, 10);
  return [
    t.title,
    '',
    t.intro.replace('{date}', date),
    '',
    t.files,
    ...services.map((s) => `- ${SERVICE_FILES[language][s]}`),
    '',
    t.note,
    '',
  ].join('\n');
}
