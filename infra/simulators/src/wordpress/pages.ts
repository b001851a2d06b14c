/** The CMS pages the simulator serves by default: what an editor of Gleba's WordPress would write. */
export interface WordPressPageContent {
  slug: string;
  lang: 'pl' | 'en' | 'uk';
  title: string;
  html: string;
}

const faq = (items: [string, string][]) =>
  `<dl class="faq">${items.map(([q, a]) => `<dt>${q}</dt><dd>${a}</dd>`).join('')}</dl>`;

export const DEFAULT_PAGES: WordPressPageContent[] = [
  {
    slug: 'faq',
    lang: 'pl',
    title: 'Najczęstsze pytania',
    html:
      '<h2>Najczęstsze pytania</h2>' +
      faq([
        [
          'Ile czeka się na wyniki?',
          'Zwykle od 4 do 6 tygodni od dostarczenia próbek do laboratorium; badanie ekspresowe do 10 dni roboczych.',
        ],
        [
          'Jak pobrać próbkę?',
          'Na jedną próbkę pobierz od 5 do 15 nakłuć na głębokość około 20 cm, odrzucając wierzchnie 2–3 cm. Wymieszaj glebę i odsyp około 1 kg.',
        ],
        [
          'Jak wysłać próbki?',
          'W ciągu 4 dni: kurierem DPD, w punkcie DPD Pickup z etykietą albo bez etykiety, z kodem nadania ważnym 14 dni.',
        ],
        ['Czy mogę złożyć reklamację?', 'Tak, w ciągu 14 dni od otrzymania wyników.'],
      ]) +
      '<p>Więcej w <a href="/how-to-sample">poradniku pobierania próbek</a>.</p>',
  },
  {
    slug: 'faq',
    lang: 'en',
    title: 'Frequently asked questions',
    html:
      '<h2>Frequently asked questions</h2>' +
      faq([
        [
          'How long do results take?',
          'Usually 4 to 6 weeks after the samples reach the laboratory; an express test up to 10 working days.',
        ],
        [
          'How do I take a sample?',
          'For one sample take 5 to 15 punctures about 20 cm deep, skipping the top 2–3 cm. Mix the soil and keep about 1 kg.',
        ],
        [
          'How do I send the samples?',
          'Within 4 days: by DPD courier, at a DPD Pickup point with a label, or without one using a drop-off code valid for 14 days.',
        ],
        ['Can I make a complaint?', 'Yes, within 14 days of receiving the results.'],
      ]) +
      '<p>More in the <a href="/how-to-sample">sampling guide</a>.</p>',
  },
  {
    slug: 'faq',
    lang: 'uk',
    title: 'Поширені запитання',
    html:
      '<h2>Поширені запитання</h2>' +
      faq([
        [
          'Скільки чекати на результати?',
          'Зазвичай від 4 до 6 тижнів після доставки зразків до лабораторії; експрес-аналіз — до 10 робочих днів.',
        ],
        [
          'Як відібрати зразок?',
          'Для одного зразка зробіть від 5 до 15 проколів на глибину близько 20 см, відкинувши верхні 2–3 см. Перемішайте ґрунт і залиште близько 1 кг.',
        ],
        [
          'Як надіслати зразки?',
          'Протягом 4 днів: кур’єром DPD, у пункті DPD Pickup з етикеткою або без неї за кодом відправлення, дійсним 14 днів.',
        ],
        ['Чи можу я подати скаргу?', 'Так, протягом 14 днів після отримання результатів.'],
      ]) +
      '<p>Більше в <a href="/how-to-sample">посібнику з відбору зразків</a>.</p>',
  },
  {
    slug: 'terms-and-privacy-policy',
    lang: 'pl',
    title: 'Regulamin i polityka prywatności',
    html:
      '<h2>Regulamin</h2><p>Serwis Gleba prowadzi Gleba sp. z o.o. Zamówienie badania gleby jest umową o świadczenie usługi laboratoryjnej. Wyniki są dostępne w ciągu 8 tygodni od dostarczenia próbek; badanie ekspresowe do 10 dni roboczych.</p>' +
      '<p>Reklamacje przyjmujemy w ciągu 14 dni od udostępnienia wyników.</p>' +
      '<h2>Polityka prywatności</h2><p>Administratorem danych osobowych jest Gleba sp. z o.o. Przetwarzamy dane potrzebne do realizacji zamówień, wysyłki próbek i kontaktu. Masz prawo dostępu do danych, ich poprawiania i usunięcia.</p>' +
      '<h3>Pliki cookie</h3><p>Używamy plików cookie niezbędnych do działania serwisu.</p>',
  },
  {
    slug: 'terms-and-privacy-policy',
    lang: 'en',
    title: 'Terms and privacy policy',
    html:
      '<h2>Terms</h2><p>Gleba is run by Gleba sp. z o.o. Ordering a soil test is a contract for a laboratory service. Results are available within 8 weeks of the samples arriving; an express test within 10 working days.</p>' +
      '<p>Complaints are accepted within 14 days of the results.</p>' +
      '<h2>Privacy policy</h2><p>The controller of personal data is Gleba sp. z o.o. We process the data needed to fulfil orders, ship samples and contact you. You may access, correct and erase your data.</p>' +
      '<h3>Cookies</h3><p>We use the cookies the service needs to work.</p>',
  },
  {
    slug: 'terms-and-privacy-policy',
    lang: 'uk',
    title: 'Умови та політика конфіденційності',
    html:
      '<h2>Умови</h2><p>Сервіс Gleba веде Gleba sp. z o.o. Замовлення аналізу ґрунту є договором про лабораторну послугу. Результати доступні протягом 8 тижнів після надходження зразків; експрес-аналіз — протягом 10 робочих днів.</p>' +
      '<p>Скарги приймаємо протягом 14 днів після надання результатів.</p>' +
      '<h2>Політика конфіденційності</h2><p>Розпорядником персональних даних є Gleba sp. z o.o. Ми обробляємо дані, потрібні для виконання замовлень, відправлення зразків і зв’язку з вами. Ви маєте право на доступ до даних, їх виправлення та видалення.</p>' +
      '<h3>Файли cookie</h3><p>Ми використовуємо файли cookie, потрібні для роботи сервісу.</p>',
  },
];
