import { compareRows, type PhotoCompare } from '@crm/shared';
import { Segmented, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { usePhotoMessages } from './messages';
import { usePhotoNames } from './names';
import './photograph.css';

/** The zoom levels every image of a comparison shares. */
export const ZOOMS = [100, 150, 200, 300] as const;

/**
 * Before/after side by side: one column per chosen day, one row per angle, so the same view of
 * the same body part sits next to itself. One zoom for every image, and scrolling inside one
 * image scrolls the others of its row with it, so the detail looked at stays the same spot.
 */
export function CompareView({ data }: { data: PhotoCompare }) {
  const t = usePhotoMessages();
  const names = usePhotoNames();
  const [zoom, setZoom] = useState<number>(100);
  const boxes = useRef(new Map<string, HTMLDivElement>());
  const syncing = useRef(false);
  const rows = compareRows(data.columns);

  const follow = (angle: number, from: HTMLDivElement) => {
    if (syncing.current) return;
    syncing.current = true;
    for (const [key, box] of boxes.current) {
      if (box !== from && key.startsWith(`${angle}:`)) {
        box.scrollLeft = from.scrollLeft;
        box.scrollTop = from.scrollTop;
      }
    }
    syncing.current = false;
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Typography.Text strong>{data.partName}</Typography.Text>
        <Typography.Text type="secondary">{t('zoom')}</Typography.Text>
        <Segmented
          aria-label={t('zoom')}
          value={zoom}
          onChange={(v) => setZoom(Number(v))}
          options={ZOOMS.map((z) => ({ value: z, label: `${z}%` }))}
        />
      </Space>
      <table className="photo-compare">
        <thead>
          <tr>
            <th className="photo-compare-angle" />
            {data.columns.map((c) => (
              <th key={c.day} className="photo-compare-day">
                {c.day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.angle} aria-label={names.angle[row.angle]}>
              <th scope="row" className="photo-compare-angle">
                {names.angle[row.angle]}
              </th>
              {row.cells.map((cell, i) => {
                const key = `${row.angle}:${data.columns[i]!.day}`;
                return (
                  <td key={key}>
                    {cell.length === 0 ? (
                      <div className="photo-compare-empty">{t('emptyCell')}</div>
                    ) : (
                      <div
                        className="photo-compare-box"
                        ref={(el) => {
                          if (el) boxes.current.set(key, el);
                          else boxes.current.delete(key);
                        }}
                        onScroll={(e) => follow(row.angle, e.currentTarget)}
                      >
                        {cell.map((p) => (
                          <img key={p.photoId} src={p.url} alt={p.name} style={{ width: `${zoom}%` }} />
                        ))}
                      </div>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Space>
  );
}
