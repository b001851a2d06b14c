import { defineMessages } from '../catalogue';

/** The farm onboarding wizard of the customer app with its guide character, Lumbi the earthworm (spec section 1). */
export const onboarding = defineMessages({
  pl: {
    dialogTitle: 'Witaj w Gleba',
    mascotName: 'Lumbi',
    mascotAlt: 'Lumbi, dżdżownica – przewodnik po Gleba',
    stepOf: 'Krok {n} z {total}',
    welcomeTitle: 'Cześć, jestem Lumbi!',
    welcomeBubble:
      'Mieszkam w glebie i wiem o niej sporo. W trzech krokach pokażę Ci, jak przygotować gospodarstwo do pierwszego badania.',
    farmTitle: 'Dane gospodarstwa',
    farmBubble:
      'Zacznijmy od Twoich danych. Uzupełnij imię, nazwisko, telefon i adres – przydadzą się przy zamówieniu i wysyłce próbek.',
    farmIncomplete: 'Brakuje jeszcze: {fields}.',
    farmComplete: 'Twoje dane są kompletne.',
    completeProfile: 'Uzupełnij dane',
    plotTitle: 'Pierwsza działka',
    plotBubble:
      'Teraz narysuj swoją pierwszą działkę na mapie lub dodaj ją z ewidencji gruntów. Na tej podstawie podzielimy pole na sektory.',
    plotMobile:
      'Działki i uprawy dodasz na komputerze – mapa nie jest dostępna w wersji mobilnej. Na telefonie możesz dodawać badania i wysyłać próbki.',
    openMap: 'Przejdź do mapy',
    samplingTitle: 'Jak pobrać próbki',
    samplingBubble:
      'Na koniec najważniejsze: od 5 do 15 nakłuć na próbkę (jedna próbka z sektora), około 20 cm w głąb, bez wierzchnich 2–3 cm, około 1 kg gleby i wysyłka w ciągu 4 dni.',
    openGuide: 'Zobacz poradnik',
    next: 'Dalej',
    back: 'Wstecz',
    skip: 'Pomiń',
    finish: 'Zaczynamy',
    reopen: 'Przewodnik po Gleba',
    fieldName: 'imię i nazwisko',
    fieldPhone: 'telefon',
    fieldAddress: 'adres',
  },
  en: {
    dialogTitle: 'Welcome to Gleba',
    mascotName: 'Lumbi',
    mascotAlt: 'Lumbi the earthworm, your Gleba guide',
    stepOf: 'Step {n} of {total}',
    welcomeTitle: "Hi, I'm Lumbi!",
    welcomeBubble:
      'I live in the soil and know a lot about it. In three steps I will show you how to get your farm ready for the first test.',
    farmTitle: 'Farm data',
    farmBubble:
      'Let us start with your data. Fill in your name, phone and address: you will need them to order and to send samples.',
    farmIncomplete: 'Still missing: {fields}.',
    farmComplete: 'Your data is complete.',
    completeProfile: 'Complete your data',
    plotTitle: 'First plot',
    plotBubble:
      'Now draw your first plot on the map or add it from the land register. We will use it to divide the field into sectors.',
    plotMobile:
      'Plots and crops are added on a computer: the map is not available on mobile. On your phone you can add tests and send samples.',
    openMap: 'Go to the map',
    samplingTitle: 'How to take samples',
    samplingBubble:
      'Finally the essentials: 5 to 15 punctures per sample (one sample per sector), about 20 cm deep, without the top 2–3 cm, about 1 kg of soil, and send within 4 days.',
    openGuide: 'Read the guide',
    next: 'Next',
    back: 'Back',
    skip: 'Skip',
    finish: "Let's start",
    reopen: 'Gleba guide',
    fieldName: 'name',
    fieldPhone: 'phone',
    fieldAddress: 'address',
  },
  uk: {
    dialogTitle: 'Вітаємо в Gleba',
    mascotName: 'Лумбі',
    mascotAlt: 'Лумбі, дощовий черв’як — ваш провідник у Gleba',
    stepOf: 'Крок {n} з {total}',
    welcomeTitle: 'Привіт, я Лумбі!',
    welcomeBubble:
      'Я живу в ґрунті й багато про нього знаю. За три кроки я покажу, як підготувати господарство до першого дослідження.',
    farmTitle: 'Дані господарства',
    farmBubble:
      'Почнімо з ваших даних. Заповніть ім’я, прізвище, телефон і адресу — вони знадобляться для замовлення та відправлення зразків.',
    farmIncomplete: 'Ще бракує: {fields}.',
    farmComplete: 'Ваші дані заповнено.',
    completeProfile: 'Заповнити дані',
    plotTitle: 'Перша ділянка',
    plotBubble:
      'Тепер намалюйте свою першу ділянку на карті або додайте її з земельного кадастру. На її основі ми поділимо поле на сектори.',
    plotMobile:
      'Ділянки й культури додаються на комп’ютері — карта недоступна в мобільній версії. На телефоні можна додавати дослідження та надсилати зразки.',
    openMap: 'Перейти до карти',
    samplingTitle: 'Як відібрати зразки',
    samplingBubble:
      'Наостанок найважливіше: від 5 до 15 проколів на зразок (один зразок із сектора), близько 20 см углиб, без верхніх 2–3 см, близько 1 кг ґрунту й відправлення протягом 4 днів.',
    openGuide: 'Переглянути посібник',
    next: 'Далі',
    back: 'Назад',
    skip: 'Пропустити',
    finish: 'Почнімо',
    reopen: 'Провідник по Gleba',
    fieldName: 'ім’я та прізвище',
    fieldPhone: 'телефон',
    fieldAddress: 'адреса',
  },
});
