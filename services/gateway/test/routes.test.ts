import { describe, expect, it } from 'vitest';
import { resolveService } from '../src/routes';

describe('route table', () => {
  it('sends the admin kit-order calls of orders to orders, under both admin bases (abuse finding F-2)', () => {
    for (const base of ['/farm-api', '/garden-api']) {
      expect(resolveService(`${base}/kit-orders`)).toBe('orders');
      expect(resolveService(`${base}/kit-orders/0b7f4c1e-1b7a-4a6e-9d1c-2f3a4b5c6d7e/mark-paid`)).toBe(
        'orders',
      );
      expect(resolveService(`${base}/barcode-labels/batches`)).toBe('orders');
    }
    expect(resolveService('/api/kit-orders')).toBeUndefined();
  });
});
