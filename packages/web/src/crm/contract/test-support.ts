import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

// Steps the contract and receivable form tests share: the customer picker and the link selects.

/** Choose a customer through the link picker (single). */
export async function chooseCustomer(name: string) {
  fireEvent.click(screen.getByTestId('choose-customer'));
  const row = (await screen.findByText(name)).closest('tr')!;
  fireEvent.click(within(row).getByRole('checkbox'));
  fireEvent.click(screen.getByTestId('rp-confirm'));
  await waitFor(() => expect(screen.getByTestId('choose-customer').textContent).toContain(name));
}

/** The antd select carrying a test id (antd puts it on the select or on its input). */
export const selectOf = (testId: string) => screen.getByTestId(testId).closest('.ant-select')!;
export const isDisabled = (testId: string) => selectOf(testId).className.includes('ant-select-disabled');

/** What a select shows as chosen ('' for nothing). */
export const shown = (testId: string) =>
  selectOf(testId).querySelector('.ant-select-content-has-value')?.getAttribute('title') ??
  selectOf(testId).querySelector('.ant-select-selection-item')?.textContent ??
  '';

/** Open a select's list and answer the options it offers. */
export async function optionsOf(testId: string): Promise<HTMLElement[]> {
  await waitFor(() => expect(isDisabled(testId)).toBe(false));
  fireEvent.mouseDown(selectOf(testId).querySelector('.ant-select-selector') ?? selectOf(testId));
  return waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter(
      (o) => !o.closest('.ant-select-dropdown-hidden'),
    );
    if (!open.length) throw new Error(`${testId} offers nothing`);
    return open;
  });
}

/** Choose one option of a select by its text. */
export async function choose(testId: string, option: string) {
  const item = await waitFor(async () => {
    const found = (await optionsOf(testId)).find((o) => o.textContent === option);
    if (!found) throw new Error(`${testId} has no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}
