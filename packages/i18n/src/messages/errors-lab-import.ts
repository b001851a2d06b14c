import { defineMessages } from '../catalogue';

/** Messages for `LabImportErrorCode` in @gleba/contracts (spec section 8, import errors). */
export const errorsLabImport = defineMessages({
  pl: {
    importTooManyRows: 'Plik ma więcej niż {max} wierszy z wynikami. Podziel go na mniejsze pliki.',
    importUnsupportedFile: 'Nieobsługiwany plik. Prześlij skoroszyt .xlsx.',
    importFileTooLarge: 'Plik jest za duży (maksymalnie {max} MB).',
    importFileEncrypted: 'Plik jest zaszyfrowany hasłem. Zapisz go bez hasła i prześlij ponownie.',
    importFileHasMacros: 'Plik zawiera makra. Zapisz go jako zwykły skoroszyt .xlsx.',
    importFileTooLargeUncompressed: 'Zawartość pliku po rozpakowaniu jest za duża.',
    importFileCorrupt: 'Pliku nie da się odczytać: jest uszkodzony.',
    importTimeout: 'Odczyt pliku trwał za długo.',
    importNoLabelsColumn:
      'Nie znaleziono nagłówka z kolumną etykiet (np. „Etykieta” albo „Kod próbki”) w pierwszych 10 wierszach żadnego arkusza.',
    importNoMatchingOrders: 'Żadna etykieta w pliku nie należy do oczekiwanej próbki.',
    importInvalidTestType: 'Nieprawidłowy rodzaj badania.',
    importIncompleteResults: 'Niekompletne wyniki.',
    importUnknownType: 'Nieznany typ.',
    importUnknownError: 'Nieznany błąd.',
    importDuplicateLabel: 'Etykieta {label} jest już w wierszu {firstRow} tego pliku.',
    importNotFound: 'Nie znaleziono importu.',
    importNotReady: 'Tego importu nie można teraz zastosować.',
    resultsNotFound: 'Nie znaleziono wyników.',
    importEmptyWorkbook: 'Plik jest pusty: żaden arkusz nie zawiera danych.',
    importNoRows: 'Arkusz „{sheet}” ma nagłówek, ale nie ma pod nim żadnego wiersza z wynikami.',
    importNoRowApplicable:
      'Żadnego wiersza nie można zastosować: każdy ma błędy (wierszy z błędami: {rejected}).',
    importRowNoLabel:
      'Brak etykiety w kolumnie {column} ({header}). Jeśli komórki są scalone, rozdziel je i wpisz etykietę w każdym wierszu.',
    importLabelNotExpected:
      'Etykieta {label} nie należy do żadnej oczekiwanej próbki (nieznana albo zamówienie anulowano).',
    importLabelIsGarden: 'Etykieta {label} należy do testu ogrodowego: zaimportuj ją w trybie ogrodowym.',
    importLabelIsFarm: 'Etykieta {label} należy do próbki rolniczej: zaimportuj ją w trybie rolniczym.',
    importShipmentNotConfirmed:
      'Klient nie potwierdził jeszcze wysłania próbki {label}, więc może jeszcze zmienić dane testu. Wyniki można zaimportować po potwierdzeniu.',
    importRowTestTypeDiffers:
      'Wiersz dotyczy badania „{testType}”, a import badania „{chosen}”. Zaimportuj go osobno, wybierając jego rodzaj badania.',
    importTestNotOrdered: 'Dla próbki {label} nie zamówiono badania „{testType}”.',
    importUnknownTestTypeValue: 'Kolumna {column} ({header}): nieznany rodzaj badania „{value}”.',
    importCellMissing: 'Kolumna {column} ({header}): brak wartości.',
    importColumnMissing:
      'W pliku nie ma kolumn, których wymaga badanie „{testType}”: {symbols}. Sprawdź nazwy nagłówków (wzór w szablonie).',
    importCellNotANumber: 'Kolumna {column} ({header}): „{value}” nie jest liczbą.',
    importCellIsDate:
      'Kolumna {column} ({header}): w komórce jest data ({value}), a powinna być liczba. Zmień format komórki na liczbowy i wpisz wartość.',
    importCellFormulaNoValue:
      'Kolumna {column} ({header}): formuła ={formula} nie ma zapisanej wartości. Otwórz plik w Excelu i zapisz go ponownie albo wpisz samą wartość.',
    importCellError: 'Kolumna {column} ({header}): komórka zawiera błąd {value}.',
    importCellOutOfRange: 'Kolumna {column} ({header}): {value} jest poza dopuszczalnym zakresem ({range}).',
    importUnknownCategory:
      'Kolumna {column} ({header}): nieznana kategoria agronomiczna „{value}” (dozwolone: bardzo lekka, lekka, średnia, ciężka, organiczna).',
    importBrokeAfterRow: 'Odczyt przerwał się po wierszu {afterRow}.',
    importNothingApplied:
      'Nic nie zapisano: import w jednym przebiegu zapisuje wszystko albo nic. Błędy w wierszach znalezione przed przerwaniem: {rowErrors}.',
  },
  en: {
    importTooManyRows: 'The file has more than {max} result rows. Split it into smaller files.',
    importUnsupportedFile: 'Unsupported file. Upload an .xlsx workbook.',
    importFileTooLarge: 'The file is too large (at most {max} MB).',
    importFileEncrypted: 'The file is password-protected. Save it without a password and upload it again.',
    importFileHasMacros: 'The file contains macros. Save it as a plain .xlsx workbook.',
    importFileTooLargeUncompressed: 'The file is too large once unpacked.',
    importFileCorrupt: 'The file cannot be read: it is damaged.',
    importTimeout: 'Reading the file took too long.',
    importNoLabelsColumn:
      'No header with a labels column (e.g. "Label" or "Sample code") in the first 10 rows of any worksheet.',
    importNoMatchingOrders: 'No label in the file belongs to an expected sample.',
    importInvalidTestType: 'Invalid test type.',
    importIncompleteResults: 'Incomplete results.',
    importUnknownType: 'Unknown type.',
    importUnknownError: 'Unknown error.',
    importDuplicateLabel: 'Label {label} is already in row {firstRow} of this file.',
    importNotFound: 'Import not found.',
    importNotReady: 'This import cannot be applied now.',
    resultsNotFound: 'Results not found.',
    importEmptyWorkbook: 'The file is empty: no worksheet holds any data.',
    importNoRows: 'Worksheet "{sheet}" has a header but no row of results under it.',
    importNoRowApplicable: 'No row can be applied: every one has errors (rows with errors: {rejected}).',
    importRowNoLabel:
      'No label in column {column} ({header}). If the cells are merged, unmerge them and write the label on every row.',
    importLabelNotExpected:
      'Label {label} belongs to no expected sample (unknown, or its order was cancelled).',
    importLabelIsGarden: 'Label {label} belongs to a garden test: import it in garden mode.',
    importLabelIsFarm: 'Label {label} belongs to a farm sample: import it in farm mode.',
    importShipmentNotConfirmed:
      'The customer has not yet confirmed sending sample {label}, so they may still change the test details. Its results can be imported once they confirm.',
    importRowTestTypeDiffers:
      'The row is a "{testType}" result, the import is for "{chosen}". Import it separately, choosing its test type.',
    importTestNotOrdered: '"{testType}" was not ordered for sample {label}.',
    importUnknownTestTypeValue: 'Column {column} ({header}): unknown test type "{value}".',
    importCellMissing: 'Column {column} ({header}): no value.',
    importColumnMissing:
      'The file lacks columns that "{testType}" requires: {symbols}. Check the header names (see the template).',
    importCellNotANumber: 'Column {column} ({header}): "{value}" is not a number.',
    importCellIsDate:
      'Column {column} ({header}): the cell holds a date ({value}) where a number belongs. Format the cell as a number and enter the value.',
    importCellFormulaNoValue:
      'Column {column} ({header}): the formula ={formula} has no stored value. Open the file in Excel and save it again, or enter the value itself.',
    importCellError: 'Column {column} ({header}): the cell holds the error {value}.',
    importCellOutOfRange: 'Column {column} ({header}): {value} is outside the allowed range ({range}).',
    importUnknownCategory:
      'Column {column} ({header}): unknown agronomic category "{value}" (allowed: very light, light, medium, heavy, organic).',
    importBrokeAfterRow: 'The read broke off after row {afterRow}.',
    importNothingApplied:
      'Nothing was saved: a one-pass import saves all or nothing. Row errors found before the break: {rowErrors}.',
  },
  uk: {
    importTooManyRows: 'У файлі понад {max} рядків із результатами. Розділіть його на менші файли.',
    importUnsupportedFile: 'Непідтримуваний файл. Завантажте книгу .xlsx.',
    importFileTooLarge: 'Файл завеликий (щонайбільше {max} МБ).',
    importFileEncrypted: 'Файл захищено паролем. Збережіть його без пароля та завантажте знову.',
    importFileHasMacros: 'Файл містить макроси. Збережіть його як звичайну книгу .xlsx.',
    importFileTooLargeUncompressed: 'Після розпакування файл завеликий.',
    importFileCorrupt: 'Файл неможливо прочитати: він пошкоджений.',
    importTimeout: 'Читання файлу тривало надто довго.',
    importNoLabelsColumn:
      'У перших 10 рядках жодного аркуша немає заголовка зі стовпцем етикеток (напр. «Etykieta» або «Kod próbki»).',
    importNoMatchingOrders: 'Жодна етикетка у файлі не належить очікуваному зразку.',
    importInvalidTestType: 'Неправильний тип дослідження.',
    importIncompleteResults: 'Неповні результати.',
    importUnknownType: 'Невідомий тип.',
    importUnknownError: 'Невідома помилка.',
    importDuplicateLabel: 'Етикетка {label} уже є в рядку {firstRow} цього файлу.',
    importNotFound: 'Імпорт не знайдено.',
    importNotReady: 'Цей імпорт зараз неможливо застосувати.',
    resultsNotFound: 'Результати не знайдено.',
    importEmptyWorkbook: 'Файл порожній: жоден аркуш не містить даних.',
    importNoRows: 'Аркуш «{sheet}» має заголовок, але під ним немає жодного рядка з результатами.',
    importNoRowApplicable:
      'Жоден рядок не можна застосувати: кожен містить помилки (рядків із помилками: {rejected}).',
    importRowNoLabel:
      'Немає етикетки у стовпці {column} ({header}). Якщо клітинки об’єднано, роз’єднайте їх і впишіть етикетку в кожному рядку.',
    importLabelNotExpected:
      'Етикетка {label} не належить жодному очікуваному зразку (невідома або замовлення скасовано).',
    importLabelIsGarden: 'Етикетка {label} належить садовому тесту: імпортуйте її в садовому режимі.',
    importLabelIsFarm: 'Етикетка {label} належить фермерському зразку: імпортуйте її у фермерському режимі.',
    importShipmentNotConfirmed:
      'Клієнт ще не підтвердив відправлення зразка {label}, тож ще може змінити дані тесту. Результати можна імпортувати після підтвердження.',
    importRowTestTypeDiffers:
      'Рядок стосується дослідження «{testType}», а імпорт — «{chosen}». Імпортуйте його окремо, вибравши його тип дослідження.',
    importTestNotOrdered: 'Для зразка {label} не замовлено дослідження «{testType}».',
    importUnknownTestTypeValue: 'Стовпець {column} ({header}): невідомий тип дослідження «{value}».',
    importCellMissing: 'Стовпець {column} ({header}): немає значення.',
    importColumnMissing:
      'У файлі немає стовпців, яких вимагає дослідження «{testType}»: {symbols}. Перевірте назви заголовків (зразок у шаблоні).',
    importCellNotANumber: 'Стовпець {column} ({header}): «{value}» не є числом.',
    importCellIsDate:
      'Стовпець {column} ({header}): у клітинці дата ({value}), а має бути число. Змініть формат клітинки на числовий і введіть значення.',
    importCellFormulaNoValue:
      'Стовпець {column} ({header}): формула ={formula} не має збереженого значення. Відкрийте файл в Excel і збережіть його знову або введіть саме значення.',
    importCellError: 'Стовпець {column} ({header}): клітинка містить помилку {value}.',
    importCellOutOfRange: 'Стовпець {column} ({header}): {value} поза допустимим діапазоном ({range}).',
    importUnknownCategory:
      'Стовпець {column} ({header}): невідома агрономічна категорія «{value}» (допустимі: дуже легка, легка, середня, важка, органічна).',
    importBrokeAfterRow: 'Читання обірвалося після рядка {afterRow}.',
    importNothingApplied:
      'Нічого не збережено: імпорт за один прохід зберігає все або нічого. Помилки в рядках, знайдені до обриву: {rowErrors}.',
  },
});
