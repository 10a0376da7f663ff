import { within } from '@testing-library/react';

/** The value a description list gives `label` in `container`: the <dd> right after its <dt>. */
export function definitionValue(container: HTMLElement, label: string) {
  return within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}
