import { defineMessages } from '../catalogue';

/** The how-to-sample guide of the customer app (`/how-to-sample`; spec sections 1 and 9: sampling constants). */
export const guide = defineMessages({
  pl: {
    title: 'Jak pobrać próbki gleby',
    linkText: 'Jak pobrać próbki?',
    intro:
      'Dobrze pobrana próbka to wiarygodny wynik. Wystarczy szpadel lub świder, wiadro i woreczek na próbkę.',
    step1Title: 'Jedna próbka na sektor',
    step1Text: 'Każdy sektor pola to osobna próbka. Ogród lub mały trawnik to zwykle jeden sektor.',
    step2Title: 'Od 5 do 15 nakłuć',
    step2Text:
      'Pobierz glebę w 5–15 miejscach sektora (to jedna próbka), idąc po nim zygzakiem. Omijaj miejsca nietypowe: uwrocia, okolice pryzm i kopców.',
    step3Title: 'Na głębokość około 20 cm',
    step3Text:
      'Wbij szpadel lub świder na około 20 cm. Wierzchnią warstwę 2–3 cm (darń, resztki roślin) odrzuć.',
    step4Title: 'Wymieszaj i odmierz około 1 kg',
    step4Text: 'Wszystkie nakłucia wymieszaj w czystym wiadrze i odsyp do woreczka około 1 kg gleby.',
    step5Title: 'Wyślij w ciągu 4 dni',
    step5Text:
      'Opisz woreczek, dodaj badanie w aplikacji i wyślij próbki do laboratorium najpóźniej w ciągu 4 dni od pobrania.',
    figurePunctures: 'Sektor pola z 15 punktami pobrania ułożonymi zygzakiem',
    figureDepth: 'Przekrój gleby: wierzchnie 2–3 cm odrzucone, próbka do głębokości 20 cm',
    figureBag: 'Wiadro z wymieszaną glebą i woreczek z około 1 kg próbki',
    figureParcel: 'Paczka z próbkami i kalendarz z terminem 4 dni',
    facts: 'W skrócie',
    factPunctures: '5–15 nakłuć na próbkę (jedna próbka z sektora)',
    fact20: 'około 20 cm w głąb',
    factTop: 'bez wierzchnich 2–3 cm',
    fact1kg: 'około 1 kg gleby',
    fact4days: 'wysyłka w ciągu 4 dni',
    addTest: 'Dodaj badanie',
    myTests: 'Moje badania',
  },
  en: {
    title: 'How to take soil samples',
    linkText: 'How to take samples?',
    intro:
      'A well-taken sample means a reliable result. All you need is a spade or an auger, a bucket and a sample bag.',
    step1Title: 'One sample per sector',
    step1Text: 'Each sector of a field is a separate sample. A garden or a small lawn is usually one sector.',
    step2Title: '5 to 15 punctures',
    step2Text:
      'Take soil from 5 to 15 spots in the sector (they make one sample), walking across it in a zigzag. Avoid unusual spots: headlands, places near heaps and piles.',
    step3Title: 'About 20 cm deep',
    step3Text:
      'Push the spade or auger about 20 cm into the ground. Discard the top 2–3 cm (turf, plant residue).',
    step4Title: 'Mix and measure about 1 kg',
    step4Text: 'Mix all the punctures in a clean bucket and put about 1 kg of soil into the bag.',
    step5Title: 'Send within 4 days',
    step5Text:
      'Label the bag, add the test in the app and send the samples to the laboratory no later than 4 days after taking them.',
    figurePunctures: 'A field sector with 15 sampling points in a zigzag',
    figureDepth: 'Soil cross-section: top 2–3 cm discarded, sample down to 20 cm',
    figureBag: 'A bucket of mixed soil and a bag with about 1 kg of sample',
    figureParcel: 'A parcel with samples and a calendar with the 4-day deadline',
    facts: 'In short',
    factPunctures: '5–15 punctures per sample (one sample per sector)',
    fact20: 'about 20 cm deep',
    factTop: 'without the top 2–3 cm',
    fact1kg: 'about 1 kg of soil',
    fact4days: 'send within 4 days',
    addTest: 'Add a test',
    myTests: 'My tests',
  },
  uk: {
    title: 'Як відібрати зразки ґрунту',
    linkText: 'Як відібрати зразки?',
    intro:
      'Правильно відібраний зразок — це надійний результат. Потрібні лише лопата або бур, відро та пакет для зразка.',
    step1Title: 'Один зразок на сектор',
    step1Text: 'Кожен сектор поля — це окремий зразок. Город або невеликий газон зазвичай є одним сектором.',
    step2Title: 'Від 5 до 15 проколів',
    step2Text:
      'Візьміть ґрунт у 5–15 місцях сектора (це один зразок), рухаючись по ньому зигзагом. Оминайте нетипові місця: краї поля, місця біля куп і буртів.',
    step3Title: 'На глибину близько 20 см',
    step3Text:
      'Заглибте лопату або бур приблизно на 20 см. Верхній шар 2–3 см (дернину, рештки рослин) відкиньте.',
    step4Title: 'Перемішайте й відміряйте близько 1 кг',
    step4Text: 'Перемішайте всі проколи в чистому відрі й насипте в пакет близько 1 кг ґрунту.',
    step5Title: 'Надішліть протягом 4 днів',
    step5Text:
      'Підпишіть пакет, додайте дослідження в застосунку й надішліть зразки до лабораторії не пізніше ніж через 4 дні після відбору.',
    figurePunctures: 'Сектор поля з 15 точками відбору, розташованими зигзагом',
    figureDepth: 'Розріз ґрунту: верхні 2–3 см відкинуто, зразок до глибини 20 см',
    figureBag: 'Відро з перемішаним ґрунтом і пакет із близько 1 кг зразка',
    figureParcel: 'Посилка зі зразками та календар із терміном 4 дні',
    facts: 'Коротко',
    factPunctures: '5–15 проколів на зразок (один зразок із сектора)',
    fact20: 'близько 20 см углиб',
    factTop: 'без верхніх 2–3 см',
    fact1kg: 'близько 1 кг ґрунту',
    fact4days: 'відправлення протягом 4 днів',
    addTest: 'Додати дослідження',
    myTests: 'Мої дослідження',
  },
});
