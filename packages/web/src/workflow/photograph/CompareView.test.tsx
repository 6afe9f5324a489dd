import type { Photo, PhotoCompare } from '@crm/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompareView } from './CompareView';

const photo = (photoId: number, day: string, angle: number): Photo => ({
  photoId,
  customerId: 1,
  visitId: null,
  type: 1,
  partId: 5,
  partName: '鼻部',
  angle,
  takenTime: `${day} 10:00:00`,
  note: '',
  url: `/file/view/key${photoId}`,
  name: `p${photoId}.png`,
  createUserId: 1,
  createUserName: '周敏',
  createTime: `${day} 10:00:00`,
  canDelete: false,
});

const data: PhotoCompare = {
  partId: 5,
  partName: '鼻部',
  columns: [
    { day: '2026-11-01', photos: [photo(1, '2026-11-01', 1), photo(2, '2026-11-01', 3)] },
    { day: '2026-11-26', photos: [photo(3, '2026-11-26', 1)] },
  ],
};

describe('CompareView', () => {
  afterEach(cleanup);

  it('sets the days side by side with one row per angle, the same angle next to itself', () => {
    render(<CompareView data={data} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', '2026-11-01', '2026-11-26']);
    const front = screen.getByRole('row', { name: '正面' });
    const [before, after] = within(front).getAllByRole('cell');
    expect(within(before!).getByRole('img').getAttribute('src')).toBe('/file/view/key1');
    expect(within(after!).getByRole('img').getAttribute('src')).toBe('/file/view/key3');
    // The later day has no right-side photo: an empty cell keeps the columns aligned.
    const right = screen.getByRole('row', { name: '右侧' });
    const cells = within(right).getAllByRole('cell');
    expect(within(cells[0]!).getByRole('img').getAttribute('src')).toBe('/file/view/key2');
    expect(cells[1]!.textContent).toBe('该日无此角度');
  });

  it('zooms every image together', () => {
    render(<CompareView data={data} />);
    const widths = () => screen.getAllByRole('img').map((i) => (i as HTMLImageElement).style.width);
    expect(widths()).toEqual(['100%', '100%', '100%']);
    fireEvent.click(screen.getByText('200%'));
    expect(widths()).toEqual(['200%', '200%', '200%']);
  });

  it('scrolls the other images of a row with the one scrolled', () => {
    const { container } = render(<CompareView data={data} />);
    const boxes = container.querySelectorAll<HTMLDivElement>('.photo-compare-box');
    // Rows in angle order, each row's days in order: 正面 1 and 2, then 右侧 1 (its day 2 is empty).
    const [front1, front2, right1] = [boxes[0]!, boxes[1]!, boxes[2]!];
    front1.scrollLeft = 40;
    front1.scrollTop = 25;
    fireEvent.scroll(front1);
    expect([front2.scrollLeft, front2.scrollTop]).toEqual([40, 25]);
    // Another row keeps its own place.
    expect(right1.scrollLeft).toBe(0);
  });
});
