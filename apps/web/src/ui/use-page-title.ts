import { useEffect } from 'react';
import { PRODUCT_NAME } from '@voirie/domain/account-texts';

/** `${PRODUCT_NAME} - <title>` on every page; the product name alone when a page has none. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${PRODUCT_NAME} - ${title}` : PRODUCT_NAME;
  }, [title]);
}
