import type { CatalogModelRow } from '../llm.table.js';

/** What a call consumed, in the units the catalog prices. */
export interface Consumption {
  promptTokens?: number;
  completionTokens?: number;
  images?: number;
  audioSeconds?: number;
  /** Search queries (rerank models are priced per query). */
  queries?: number;
}

type Prices = Pick<CatalogModelRow, 'inputCostPerToken' | 'outputCostPerToken' | 'costPerImage' | 'costPerSecond'> &
  Partial<Pick<CatalogModelRow, 'costPerQuery'>>;

/**
 * Cost in USD from the catalog's prices, or null when the catalog prices none of what was consumed (a call we cannot
 * price is recorded as unpriced rather than as free). Rounded to 1e-10 USD so sums stay readable.
 */
export function costOf(model: Prices, used: Consumption): number | null {
  let total = 0;
  let priced = false;
  const add = (quantity: number | undefined, price: number | null) => {
    if (!quantity || price === null) return;
    total += quantity * price;
    priced = true;
  };
  add(used.promptTokens, model.inputCostPerToken);
  add(used.completionTokens, model.outputCostPerToken);
  add(used.images, model.costPerImage);
  add(used.audioSeconds, model.costPerSecond);
  add(used.queries, model.costPerQuery ?? null);
  if (!priced) {
    // Nothing consumed at all (e.g. zero tokens) costs nothing when the model has prices.
    const hasPrices = [model.inputCostPerToken, model.outputCostPerToken, model.costPerImage, model.costPerSecond, model.costPerQuery ?? null].some(
      (p) => p !== null,
    );
    return hasPrices ? 0 : null;
  }
  return Math.round(total * 1e10) / 1e10;
}
