import { type PositionType, positionTypes } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Empty, List, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { mapConfigured, useMapConfig } from '@/components/map-picker/config';
import { textMatches, usePinyin } from '@/components/member-picker/match';
import { useLang } from '@/i18n';
import { locationApi, locationKeys, toMapPoint } from './api';
import { useMapMessages } from './messages';
import { PositionMap } from './PositionMap';
import { RoutePlot } from './RoutePlot';
import './system-map.css';
import { companyToday, showTime } from '@/shell/time';

const DAY = 'YYYY-MM-DD';

/** Today as the server counts days: in China time (docs/decisions.md, as the task days). */

/**
 * The user-location map (workbench › system-map, spec 2.12): choose a type, then a person by
 * name (or pinyin), then a day (cleared = today); the day's positions are markers and a list,
 * or a notice when there are none. The map uses the map service of the system settings, as the
 * address dialog does; with none configured, or when its tiles cannot load, the page says so and
 * draws the day's route without tiles (numbered dots to scale), and the list still works.
 */
export default function SystemMapPage() {
  const t = useMapMessages();
  const { lang } = useLang();
  usePinyin();
  const [type, setType] = useState<PositionType | undefined>();
  const [userId, setUserId] = useState<number | undefined>();
  const [day, setDay] = useState<Dayjs>(companyToday);
  const [chosen, setChosen] = useState<number | undefined>();
  const [tilesDown, setTilesDown] = useState(false);
  const mapConfig = useMapConfig();
  const mapDown = tilesDown || (mapConfig.isFetched && !mapConfigured(mapConfig.data));

  const users = useQuery({
    queryKey: locationKeys.users(type ?? 0),
    queryFn: () => locationApi.users(type!),
    enabled: type !== undefined,
  });
  const dayText = day.format(DAY);
  const positions = useQuery({
    queryKey: locationKeys.positions(userId ?? 0, dayText),
    queryFn: () => locationApi.positions(userId!, dayText),
    enabled: userId !== undefined,
  });
  const list = positions.data?.positions ?? [];
  const points = useMemo(
    () =>
      (positions.data?.positions ?? []).map((p) => ({
        id: p.id,
        at: toMapPoint(p.longitude, p.latitude),
        label: showTime(p.synchronizationTime, 'HH:mm:ss'),
      })),
    [positions.data],
  );
  const select = useCallback((id: number) => setChosen(id), []);
  const unavailable = useCallback(() => setTilesDown(true), []);

  return (
    <Card title={lang === 'en' ? 'User locations' : '员工位置'}>
      <div className="smap-bar">
        <Select
          style={{ width: 140 }}
          aria-label={t('type')}
          placeholder={t('chooseType')}
          value={type}
          onChange={(v: PositionType) => {
            setType(v);
            setUserId(undefined);
          }}
          options={positionTypes.map((p) => ({ value: p.value, label: lang === 'en' ? p.nameEn : p.name }))}
          data-testid="smap-type"
        />
        <Select
          showSearch
          allowClear
          style={{ width: 220 }}
          aria-label={t('name')}
          placeholder={t('searchName')}
          disabled={type === undefined}
          loading={users.isLoading}
          value={userId}
          onChange={(v?: number) => {
            setUserId(v);
            setChosen(undefined);
          }}
          filterOption={(input, option) =>
            option ? textMatches(option.realname, input) || textMatches(option.deptName, input) : false
          }
          options={(users.data?.list ?? []).map((u) => ({
            value: u.userId,
            label: u.deptName ? `${u.realname}（${u.deptName}）` : u.realname,
            realname: u.realname,
            deptName: u.deptName,
          }))}
          notFoundContent={t('noData')}
          data-testid="smap-name"
        />
        <DatePicker
          aria-label={t('date')}
          value={day}
          disabled={userId === undefined}
          // A cleared date means today (spec 2.12).
          onChange={(d) => {
            setDay(d ?? companyToday());
            setChosen(undefined);
          }}
          data-testid="smap-date"
        />
      </div>
      <div className="smap-body">
        <div className="smap-map">
          {mapDown && <Alert type="warning" showIcon message={t('mapUnavailable')} data-testid="smap-unavailable" />}
          {userId !== undefined && positions.isSuccess && list.length === 0 && (
            <Alert type="info" showIcon message={t('noPositions')} data-testid="smap-none" />
          )}
          {mapConfigured(mapConfig.data) && !tilesDown && (
            <PositionMap points={points} selectedId={chosen} onSelect={select} onUnavailable={unavailable} />
          )}
          {mapDown && points.length > 0 && (
            <RoutePlot points={points} selectedId={chosen} onSelect={select} title={t('routeTitle')} />
          )}
        </div>
        <div className="smap-list" data-testid="smap-list">
          <Typography.Title level={5}>
            {positions.data ? `${positions.data.userInfo.realname} · ${t('positions')}` : t('positions')}
          </Typography.Title>
          {userId === undefined ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chooseFirst')} />
          ) : (
            <List
              size="small"
              loading={positions.isFetching}
              dataSource={list}
              locale={{ emptyText: t('noPositions') }}
              renderItem={(p) => (
                <List.Item
                  className={`smap-item${p.id === chosen ? ' smap-item--chosen' : ''}`}
                  onClick={() => setChosen(p.id)}
                  data-testid="smap-position"
                >
                  <List.Item.Meta
                    title={showTime(p.synchronizationTime, 'YYYY-MM-DD HH:mm:ss')}
                    description={t('coordinates', { lng: p.longitude.toFixed(6), lat: p.latitude.toFixed(6) })}
                  />
                </List.Item>
              )}
            />
          )}
        </div>
      </div>
    </Card>
  );
}
