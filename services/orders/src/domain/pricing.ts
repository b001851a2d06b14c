import type { Equipment, LabTestType, OrderType, TPriceList, TQuote } from '@gleba/contracts';

export interface QuoteSample {
  cropId: string;
  sectorId: string | null;
  fieldName: string;
  sectorName: string | null;
  plantId: string;
  plotNumbers: string[];
  areaHa: number;
}

export interface QuoteInput {
  type: OrderType;
  samples: QuoteSample[];
  additionalTests: LabTestType[];
  equipment: Equipment[];
  puncturesPerSector: number;
}

/** The volume discount (percent) for a number of samples: the highest tier reached. */
export function discountPercent(prices: TPriceList, numberOfSamples: number): number {
  let percent = 0;
  let best = 0;
  for (const tier of prices.farm.volumeDiscounts) {
    if (numberOfSamples >= tier.minSamples && tier.minSamples >= best) {
      best = tier.minSamples;
      percent = tier.percent;
    }
  }
  return percent;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Prices a farm order from the price list; every amount in grosze. */
export function quote(prices: TPriceList, input: QuoteInput): TQuote {
  const n = input.samples.length;
  const perSample = prices.farm.basicTestPerSample[input.type];
  const basicTestsPrice = perSample * n;
  const additional = input.additionalTests.map((type) => {
    const pricePerSample = prices.farm.additionalTestPerSample[type];
    return { type, pricePerSample, price: pricePerSample * n };
  });
  const equipment = [...new Set(input.equipment)].map((item) => ({
    item,
    price: prices.farm.equipment[item],
  }));
  const additionalTestsPrice = additional.reduce((s, a) => s + a.price, 0);
  const equipmentPrice = equipment.reduce((s, e) => s + e.price, 0);
  const percent = discountPercent(prices, n);
  const basicTestsDiscount = Math.floor((basicTestsPrice * percent) / 100);
  return {
    currency: prices.currency,
    priceListVersion: prices.version,
    type: input.type,
    numberOfSamples: n,
    totalAreaHa: round2(input.samples.reduce((s, x) => s + x.areaHa, 0)),
    puncturesPerSector: input.puncturesPerSector,
    basicTests: {
      type: 'BASIC_TEST',
      orderType: input.type,
      pricePerSample: perSample,
      price: basicTestsPrice,
    },
    additionalTests: additional,
    equipment,
    basicTestsPrice,
    additionalTestsPrice,
    equipmentPrice,
    discountPercent: percent,
    basicTestsDiscount,
    totalPrice: basicTestsPrice - basicTestsDiscount + additionalTestsPrice + equipmentPrice,
    samples: input.samples,
  };
}

/** Price of one garden test: the kit plus its additional tests. */
export function gardenTestPrice(prices: TPriceList, additional: readonly LabTestType[]): number {
  return prices.garden.kit + additional.reduce((s, t) => s + prices.garden.additionalTest[t], 0);
}
