import { App, Modal, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { mapConfigured, useMapConfig } from './config';
import { useMapMessages } from './messages';
import { RegionAddress, type RegionValue, regionAddress, regionComplete } from './RegionAddress';
import type { MapPickerProps, PickedPlace } from './types';
import './map-picker.css';

const LeafletMap = lazy(() => import('./LeafletMap'));

/**
 * The map dialog (spec 2.6, 4.2): with a map service configured in the system settings, a live
 * map to search, click one marker and confirm coordinates with a reverse-geocoded address; with
 * none, or when it cannot be reached, the region selector and a typed address, clearly noted.
 */
export function MapPickerDialog({ open, zoom, value, onCancel, onConfirm }: MapPickerProps) {
  const t = useMapMessages();
  const { message } = App.useApp();
  const config = useMapConfig(open);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<PickedPlace | null>(null);
  const [region, setRegion] = useState<RegionValue>({ detail: '' });

  useEffect(() => {
    if (open) {
      setPicked(null);
      setRegion({ detail: '' });
    }
  }, [open]);

  const live = mapConfigured(config.data) && !failed;
  const waiting = open && config.isPending;

  const confirm = () => {
    if (live) {
      if (!picked) return void message.warning(t('pickRequired'));
      return onConfirm(picked);
    }
    if (!regionComplete(region)) return void message.warning(t('addressRequired'));
    onConfirm({ longitude: null, latitude: null, address: regionAddress(region) });
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      width={760}
      onCancel={onCancel}
      onOk={confirm}
      okText={t('confirm')}
      cancelText={t('cancel')}
      destroyOnHidden
      maskClosable={false}
    >
      {waiting ? (
        <Spin tip={t('loading')}>
          <div style={{ height: 120 }} />
        </Spin>
      ) : live && config.data ? (
        <Suspense fallback={<Spin />}>
          <LeafletMap
            config={config.data}
            zoom={zoom}
            value={value}
            onPick={setPicked}
            onUnavailable={() => setFailed(true)}
          />
        </Suspense>
      ) : (
        <RegionAddress value={region} onChange={setRegion} />
      )}
    </Modal>
  );
}
