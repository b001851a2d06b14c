import type { Language, PlantGroup, PlantType } from '@gleba/contracts';
import type { LandUse, MgDemand, Ruleset } from './types';

export interface Crop {
  /** Stable: geo and orders store it. Never rename one; add a new id instead. */
  readonly id: string;
  readonly group: PlantGroup;
  readonly type: PlantType;
  readonly names: Readonly<Record<Language, string>>;
  /** t/ha of the main product: grain or seed, tubers or roots, hay (fodder), fruit, marketable vegetables, lawn clippings (dry matter). */
  readonly defaultYieldTPerHa: number;
  /** kg taken up per tonne of the main product, by-products (straw, tops, leaves, wood) included. */
  readonly uptakeKgPerT: { readonly p2o5: number; readonly k2o: number; readonly mgo: number };
  readonly landUse: LandUse;
  readonly mgDemand: MgDemand;
}

export const CROP_CATALOGUE: Ruleset = {
  id: 'GLEBA_CROPS',
  version: 1,
  source:
    'Uptake per tonne compiled from Polish advisory tables (IUNG-PIB, OSChR, InHort), rounded; cereals 10-13 kg P2O5, 22-30 K2O, 3-4 MgO per tonne of grain with straw',
};

type Row = [
  id: string,
  names: [pl: string, en: string, uk: string],
  yieldTPerHa: number,
  uptake: [p2o5: number, k2o: number, mgo: number],
  mgDemand: MgDemand,
  landUse?: LandUse,
];

function section(group: PlantGroup, type: PlantType, rows: Row[]): Crop[] {
  return rows.map(([id, [pl, en, uk], yieldTPerHa, [p2o5, k2o, mgo], mgDemand, landUse = 'ARABLE']) => ({
    id,
    group,
    type,
    names: { pl, en, uk },
    defaultYieldTPerHa: yieldTPerHa,
    uptakeKgPerT: { p2o5, k2o, mgo },
    landUse,
    mgDemand,
  }));
}

// prettier-ignore
export const CROPS: readonly Crop[] = Object.freeze([
  ...section('FIELD', 'CEREALS', [
    ['winter-wheat', ['Pszenica ozima', 'Winter wheat', 'Пшениця озима'], 7, [11, 24, 3.5], 'MEDIUM'],
    ['spring-wheat', ['Pszenica jara', 'Spring wheat', 'Пшениця яра'], 5, [12, 25, 3.5], 'MEDIUM'],
    ['winter-barley', ['Jęczmień ozimy', 'Winter barley', 'Ячмінь озимий'], 6.5, [11, 24, 3], 'MEDIUM'],
    ['spring-barley', ['Jęczmień jary', 'Spring barley', 'Ячмінь ярий'], 5, [11, 25, 3], 'MEDIUM'],
    ['winter-rye', ['Żyto ozime', 'Winter rye', 'Жито озиме'], 5, [12, 28, 3], 'LOW'],
    ['winter-triticale', ['Pszenżyto ozime', 'Winter triticale', 'Тритикале озиме'], 6, [12, 26, 3.5], 'MEDIUM'],
    ['spring-triticale', ['Pszenżyto jare', 'Spring triticale', 'Тритикале яре'], 4.5, [12, 26, 3.5], 'MEDIUM'],
    ['oats', ['Owies', 'Oats', 'Овес'], 4.5, [12, 30, 4], 'MEDIUM'],
    ['grain-maize', ['Kukurydza na ziarno', 'Grain maize', 'Кукурудза на зерно'], 9, [11, 25, 4], 'HIGH'],
    ['buckwheat', ['Gryka', 'Buckwheat', 'Гречка'], 2, [13, 30, 4], 'MEDIUM'],
    ['proso-millet', ['Proso', 'Proso millet', 'Просо'], 2.5, [12, 28, 4], 'LOW'],
    ['spelt', ['Orkisz', 'Spelt', 'Спельта'], 4, [12, 26, 3.5], 'MEDIUM'],
  ]),
  ...section('FIELD', 'ROOT_CROPS', [
    ['early-potato', ['Ziemniak wczesny', 'Early potato', 'Картопля рання'], 25, [1.6, 6, 0.6], 'HIGH'],
    ['potato', ['Ziemniak średnio późny i późny', 'Main-crop potato', 'Картопля середньопізня та пізня'], 35, [1.6, 6.5, 0.6], 'HIGH'],
    ['sugar-beet', ['Burak cukrowy', 'Sugar beet', 'Буряк цукровий'], 60, [1.5, 6, 1], 'HIGH'],
    ['fodder-beet', ['Burak pastewny', 'Fodder beet', 'Буряк кормовий'], 80, [1, 5, 0.8], 'HIGH'],
    ['swede', ['Brukiew', 'Swede', 'Бруква'], 50, [1.2, 5, 0.5], 'MEDIUM'],
    ['root-chicory', ['Cykoria korzeniowa', 'Root chicory', 'Цикорій кореневий'], 40, [1.5, 5.5, 0.8], 'MEDIUM'],
  ]),
  ...section('FIELD', 'FODDER', [
    ['silage-maize', ['Kukurydza na kiszonkę', 'Silage maize', 'Кукурудза на силос'], 50, [1.5, 4.5, 0.8], 'HIGH'],
    ['red-clover', ['Koniczyna czerwona', 'Red clover', 'Конюшина червона'], 8, [6.5, 22, 5], 'HIGH'],
    ['lucerne', ['Lucerna', 'Lucerne (alfalfa)', 'Люцерна'], 10, [6.5, 22, 4], 'HIGH'],
    ['clover-grass-mix', ['Mieszanka koniczynowo-trawiasta', 'Clover-grass mixture', 'Конюшино-злакова суміш'], 9, [6.5, 24, 4], 'MEDIUM'],
    ['arable-grass', ['Trawy na gruntach ornych', 'Grass on arable land', 'Злакові трави на ріллі'], 9, [7, 25, 3.5], 'MEDIUM'],
    ['meadow', ['Łąka', 'Meadow (hay)', 'Лука (сіно)'], 6, [7, 25, 3.5], 'MEDIUM', 'GRASSLAND'],
    ['pasture', ['Pastwisko', 'Pasture', 'Пасовище'], 7, [8, 27, 3.5], 'MEDIUM', 'GRASSLAND'],
    ['fodder-sorghum', ['Sorgo pastewne', 'Forage sorghum', 'Сорго кормове'], 45, [1.5, 5, 0.8], 'MEDIUM'],
  ]),
  ...section('FIELD', 'LEGUMES', [
    ['field-pea', ['Groch siewny', 'Field pea', 'Горох посівний'], 3.5, [13, 32, 4.5], 'MEDIUM'],
    ['faba-bean', ['Bobik', 'Faba bean', 'Кормові боби'], 4, [14, 36, 4.5], 'MEDIUM'],
    ['yellow-lupin', ['Łubin żółty', 'Yellow lupin', 'Люпин жовтий'], 2, [16, 30, 5], 'HIGH'],
    ['narrow-leaved-lupin', ['Łubin wąskolistny', 'Narrow-leaved lupin', 'Люпин вузьколистий'], 2.5, [15, 30, 5], 'HIGH'],
    ['white-lupin', ['Łubin biały', 'White lupin', 'Люпин білий'], 3, [15, 30, 5], 'HIGH'],
    ['soybean', ['Soja', 'Soybean', 'Соя'], 2.5, [15, 30, 5], 'MEDIUM'],
    ['common-vetch', ['Wyka siewna', 'Common vetch', 'Вика посівна'], 2, [14, 30, 4.5], 'MEDIUM'],
  ]),
  ...section('SPECIAL', 'SPECIAL', [
    ['winter-oilseed-rape', ['Rzepak ozimy', 'Winter oilseed rape', 'Ріпак озимий'], 3.5, [25, 60, 8], 'HIGH'],
    ['spring-oilseed-rape', ['Rzepak jary', 'Spring oilseed rape', 'Ріпак ярий'], 2.5, [25, 60, 8], 'HIGH'],
    ['sunflower', ['Słonecznik', 'Sunflower', 'Соняшник'], 2.5, [25, 70, 10], 'HIGH'],
    ['fibre-flax', ['Len włóknisty', 'Fibre flax', 'Льон-довгунець'], 5, [4, 10, 1.5], 'MEDIUM'],
    ['hemp', ['Konopie siewne', 'Industrial hemp', 'Коноплі посівні'], 7, [4, 10, 2], 'MEDIUM'],
    ['tobacco', ['Tytoń', 'Tobacco', 'Тютюн'], 2.5, [13, 55, 10], 'HIGH'],
    ['hops', ['Chmiel', 'Hops', 'Хміль'], 2, [25, 75, 15], 'HIGH'],
    ['white-mustard', ['Gorczyca biała', 'White mustard', 'Гірчиця біла'], 1.5, [25, 40, 6], 'MEDIUM'],
    ['camelina', ['Lnianka', 'Camelina', 'Рижій'], 1.5, [20, 35, 6], 'MEDIUM'],
    ['poppy', ['Mak', 'Poppy', 'Мак'], 1.2, [25, 50, 8], 'MEDIUM'],
    ['peppermint', ['Mięta pieprzowa', 'Peppermint', "М'ята перцева"], 4, [12, 40, 6], 'MEDIUM'],
    ['caraway', ['Kminek', 'Caraway', 'Кмин'], 1.2, [20, 40, 6], 'MEDIUM'],
  ]),
  ...section('ORCHARD', 'FRUIT', [
    ['apple', ['Jabłoń', 'Apple', 'Яблуня'], 30, [1, 3.3, 0.7], 'HIGH'],
    ['pear', ['Grusza', 'Pear', 'Груша'], 25, [1, 3.3, 0.6], 'MEDIUM'],
    ['sweet-cherry', ['Czereśnia', 'Sweet cherry', 'Черешня'], 10, [2, 5, 1], 'MEDIUM'],
    ['sour-cherry', ['Wiśnia', 'Sour cherry', 'Вишня'], 12, [2, 5, 1], 'MEDIUM'],
    ['plum', ['Śliwa', 'Plum', 'Слива'], 15, [1.5, 4.5, 0.9], 'MEDIUM'],
    ['peach', ['Brzoskwinia', 'Peach', 'Персик'], 15, [1.5, 5, 0.9], 'MEDIUM'],
    ['apricot', ['Morela', 'Apricot', 'Абрикос'], 10, [1.5, 5, 0.9], 'MEDIUM'],
    ['walnut', ['Orzech włoski', 'Walnut', 'Горіх волоський'], 3, [6, 15, 3], 'MEDIUM'],
    ['hazelnut', ['Leszczyna', 'Hazelnut', 'Ліщина (фундук)'], 2.5, [6, 12, 3], 'MEDIUM'],
    ['strawberry', ['Truskawka', 'Strawberry', 'Полуниця'], 15, [2.5, 8, 1.2], 'MEDIUM'],
    ['raspberry', ['Malina', 'Raspberry', 'Малина'], 10, [2.5, 8, 1.3], 'MEDIUM'],
    ['blackcurrant', ['Porzeczka czarna', 'Blackcurrant', 'Смородина чорна'], 8, [2.5, 8, 1.3], 'HIGH'],
    ['redcurrant', ['Porzeczka czerwona', 'Redcurrant', 'Смородина червона'], 12, [2.5, 8, 1.3], 'MEDIUM'],
    ['gooseberry', ['Agrest', 'Gooseberry', 'Аґрус'], 10, [2.5, 8, 1.2], 'MEDIUM'],
    ['highbush-blueberry', ['Borówka wysoka', 'Highbush blueberry', 'Лохина високоросла'], 10, [1.5, 5, 1], 'MEDIUM'],
    ['grapevine', ['Winorośl', 'Grapevine', 'Виноград'], 10, [2, 6, 1], 'HIGH'],
    ['aronia', ['Aronia', 'Aronia (chokeberry)', 'Аронія'], 12, [2, 6, 1], 'MEDIUM'],
  ]),
  ...section('VEGETABLE', 'VEGETABLES', [
    ['carrot', ['Marchew', 'Carrot', 'Морква'], 50, [1.6, 6, 0.8], 'MEDIUM'],
    ['beetroot', ['Burak ćwikłowy', 'Beetroot', 'Буряк столовий'], 40, [1.8, 6, 1], 'HIGH'],
    ['onion', ['Cebula', 'Onion', 'Цибуля ріпчаста'], 40, [1.5, 4, 0.5], 'MEDIUM'],
    ['garlic', ['Czosnek', 'Garlic', 'Часник'], 10, [3, 6, 0.8], 'MEDIUM'],
    ['leek', ['Por', 'Leek', 'Цибуля-порей'], 40, [1.5, 5, 0.6], 'MEDIUM'],
    ['white-cabbage', ['Kapusta głowiasta biała', 'White cabbage', 'Капуста білоголова'], 60, [1.3, 4.5, 0.6], 'HIGH'],
    ['red-cabbage', ['Kapusta głowiasta czerwona', 'Red cabbage', 'Капуста червоноголова'], 40, [1.4, 4.5, 0.6], 'HIGH'],
    ['cauliflower', ['Kalafior', 'Cauliflower', 'Цвітна капуста'], 20, [2.5, 8, 1], 'HIGH'],
    ['broccoli', ['Brokuł', 'Broccoli', 'Броколі'], 12, [3, 9, 1.2], 'HIGH'],
    ['brussels-sprouts', ['Brukselka', 'Brussels sprouts', 'Брюссельська капуста'], 15, [4, 12, 1.5], 'HIGH'],
    ['kohlrabi', ['Kalarepa', 'Kohlrabi', 'Кольрабі'], 25, [2, 6, 0.8], 'MEDIUM'],
    ['lettuce', ['Sałata', 'Lettuce', 'Салат'], 30, [1.2, 6, 0.5], 'MEDIUM'],
    ['spinach', ['Szpinak', 'Spinach', 'Шпинат'], 20, [1.5, 7, 1], 'HIGH'],
    ['tomato', ['Pomidor', 'Tomato', 'Томат'], 50, [1.3, 5, 0.7], 'HIGH'],
    ['cucumber', ['Ogórek', 'Cucumber', 'Огірок'], 35, [1.5, 4, 0.6], 'MEDIUM'],
    ['sweet-pepper', ['Papryka', 'Sweet pepper', 'Перець солодкий'], 30, [1.5, 5.5, 0.8], 'HIGH'],
    ['courgette', ['Cukinia', 'Courgette', 'Кабачок'], 40, [1.5, 5, 0.6], 'MEDIUM'],
    ['pumpkin', ['Dynia', 'Pumpkin', 'Гарбуз'], 40, [1.7, 5, 0.6], 'MEDIUM'],
    ['celeriac', ['Seler korzeniowy', 'Celeriac', 'Селера коренева'], 40, [2, 7, 0.8], 'HIGH'],
    ['root-parsley', ['Pietruszka korzeniowa', 'Root parsley', 'Петрушка коренева'], 20, [2.5, 7, 0.8], 'MEDIUM'],
    ['parsnip', ['Pasternak', 'Parsnip', 'Пастернак'], 25, [2, 6, 0.8], 'MEDIUM'],
    ['radish', ['Rzodkiewka', 'Radish', 'Редиска'], 15, [1.5, 5, 0.6], 'LOW'],
    ['green-bean', ['Fasola szparagowa', 'Green bean', 'Квасоля спаржева'], 10, [2.5, 6, 1], 'MEDIUM'],
    ['garden-pea', ['Groch zielony', 'Garden pea', 'Горох овочевий'], 6, [3, 7, 1], 'MEDIUM'],
    ['sweet-corn', ['Kukurydza cukrowa', 'Sweet corn', 'Кукурудза цукрова'], 15, [3, 7, 1.2], 'HIGH'],
    ['asparagus', ['Szparag', 'Asparagus', 'Спаржа'], 5, [5, 10, 1.5], 'MEDIUM'],
    ['rhubarb', ['Rabarbar', 'Rhubarb', 'Ревінь'], 35, [1.5, 5, 0.8], 'MEDIUM'],
    ['dill', ['Koper', 'Dill', 'Кріп'], 10, [3, 10, 1.5], 'LOW'],
  ]),
  ...section('LAWN', 'LAWN', [
    ['ornamental-lawn', ['Trawnik ozdobny', 'Ornamental lawn', 'Декоративний газон'], 8, [8, 25, 3], 'MEDIUM', 'GRASSLAND'],
    ['sports-lawn', ['Trawnik sportowy i rekreacyjny', 'Sports and play lawn', 'Спортивний і рекреаційний газон'], 10, [8, 25, 3], 'MEDIUM', 'GRASSLAND'],
    ['shade-lawn', ['Trawnik w cieniu', 'Shade lawn', 'Тіньовий газон'], 5, [8, 25, 3], 'MEDIUM', 'GRASSLAND'],
  ]),
]);

const BY_ID = new Map(CROPS.map((crop) => [crop.id, crop]));

export function getCrop(id: string): Crop | undefined {
  return BY_ID.get(id);
}
