/**
 * What a `lab.results.imported` says of an order an import wrote results of: UPDATED when it only
 * replaced results that existed, else COMPLETE when every live sample of the order has a result for
 * each test ordered (`incompleteOrders` in the results repository tells), else PARTIAL.
 */
export function completenessOf(anyNew: boolean, complete: boolean): 'UPDATED' | 'COMPLETE' | 'PARTIAL' {
  return !anyNew ? 'UPDATED' : complete ? 'COMPLETE' : 'PARTIAL';
}
