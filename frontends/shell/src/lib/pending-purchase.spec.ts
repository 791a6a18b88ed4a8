import { describe, expect, it } from '@jest/globals';
import { PENDING_PURCHASE_KEY, checkoutPath, savePendingPurchase, takePendingPurchase } from './pending-purchase';

class MemoryStore {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const purchase = { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' } as const;

describe('pending purchase', () => {
  it('round-trips through the store and is forgotten once taken', () => {
    const store = new MemoryStore();

    savePendingPurchase(purchase, store);

    expect(JSON.parse(store.items.get(PENDING_PURCHASE_KEY) ?? '')).toEqual(purchase);
    expect(takePendingPurchase(store)).toEqual(purchase);
    expect(store.items.has(PENDING_PURCHASE_KEY)).toBe(false);
    expect(takePendingPurchase(store)).toBeNull();
  });

  it('refuses to save an unknown package type', () => {
    const store = new MemoryStore();
    expect(() => savePendingPurchase({ ...purchase, packageType: 'package7' as never }, store)).toThrow();
    expect(store.items.size).toBe(0);
  });

  it('keeps the subject trimmed, and refuses a blank one', () => {
    const store = new MemoryStore();
    savePendingPurchase({ ...purchase, subject: '  UCAT ' }, store);
    expect(takePendingPurchase(store)).toEqual({ ...purchase, subject: 'UCAT' });

    expect(() => savePendingPurchase({ ...purchase, subject: '   ' }, store)).toThrow();
    expect(store.items.size).toBe(0);
  });

  it('treats malformed or tampered entries as none and clears them', () => {
    const store = new MemoryStore();
    store.setItem(PENDING_PURCHASE_KEY, '{not json');
    expect(takePendingPurchase(store)).toBeNull();

    store.setItem(PENDING_PURCHASE_KEY, JSON.stringify({ ...purchase, currency: 'XYZ' }));
    expect(takePendingPurchase(store)).toBeNull();
    expect(store.items.size).toBe(0);

    for (const tampered of ['null', '"UCAT"', JSON.stringify({ ...purchase, subject: 7 })]) {
      store.setItem(PENDING_PURCHASE_KEY, tampered);
      expect(takePendingPurchase(store)).toBeNull();
    }
  });

  it('treats unavailable storage as none', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(takePendingPurchase(broken)).toBeNull();
  });
});

describe('checkoutPath', () => {
  it('carries subject, package type and currency as query parameters', () => {
    const path = checkoutPath(purchase);
    const url = new URL(path, 'https://example.test');

    expect(url.pathname).toBe('/checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual(purchase);
  });
});
