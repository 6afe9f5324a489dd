import { fireEvent, waitFor } from '@testing-library/react';

const openDropdowns = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter((d) => !d.className.includes('-hidden'));

/**
 * Open an antd Select and click its option with this label (title or text). A dropdown closed a
 * moment ago can still be in the page, unhidden while its motion runs, offering the same labels (both
 * rows of one filter list 手机号), and in tests every select has the same generated id, so the
 * select's `aria-controls` cannot tell them apart: only a dropdown that opened after the click counts.
 */
export async function chooseOption(select: HTMLElement, label: string): Promise<void> {
  const root = select.closest<HTMLElement>('.ant-select') ?? select;
  const before = new Set(openDropdowns());
  fireEvent.mouseDown(root.querySelector('.ant-select-selector') ?? root);
  const option = await waitFor(() => {
    const found = openDropdowns()
      .filter((d) => !before.has(d))
      .flatMap((d) => [...d.querySelectorAll<HTMLElement>('.ant-select-item-option')])
      .find((o) => o.getAttribute('title') === label || o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}
