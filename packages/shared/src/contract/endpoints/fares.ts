import type { FareQuoteInput, PriceRuleInput, TariffDto } from '../../fares';
import { endpoint } from '../endpoint';
import { faresContract } from '../fares';

/** Prices, price rules and the estimate of the phone booking. */
export const fareEndpoints = {
  fareQuote: endpoint<undefined, FareQuoteInput>()('POST', 'fare/quote', faresContract.quote),
  serviceTariffs: endpoint()('GET', 'services/:id/prices', faresContract.tariffs),
  saveServiceTariffs: endpoint<undefined, { tariffs: TariffDto[] }>()(
    'PUT',
    'services/:id/prices',
    faresContract.tariffs,
  ),
  priceRules: endpoint()('GET', 'priceRules', faresContract.rules),
  priceRule: endpoint()('GET', 'priceRules/:id', faresContract.rule),
  createPriceRule: endpoint<undefined, PriceRuleInput>()('POST', 'priceRules', faresContract.rule),
  updatePriceRule: endpoint<undefined, PriceRuleInput>()('PUT', 'priceRules/:id', faresContract.rule),
  bookingFare: endpoint()('GET', 'booking/:id/fare', faresContract.bookingFare),
  deletePriceRule: endpoint()('DELETE', 'priceRules/:id', faresContract.deleted),
};
