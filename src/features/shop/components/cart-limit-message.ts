import type { TFunction } from 'i18next';

import { isStorageFull } from '@/components/sync/save-change';

import { MAX_CART_LINES } from '../../../../server/contracts/shop';
import { CartLimitError } from '../local/cart-store';

/** A cart change that did not go through, in the page's language. */
export function cartErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof CartLimitError) {
    if (error.reason === 'tooManyLines')
      return t('shop.cart.errors.tooManyLines', { count: MAX_CART_LINES });
    return t(`shop.cart.errors.${error.reason}`);
  }
  return t(isStorageFull(error) ? 'shop.cart.errors.storageFull' : 'shop.cart.errors.saveFailed');
}
