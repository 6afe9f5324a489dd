import type { StoreFormValues } from '@crm/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { PickedUser } from '@/components/member-picker';
import type { StoreDetail } from './api';

/** The form's values: lists as arrays, dates as dayjs, people as picked users. */
export type StoreValues = {
  name: string;
  sex: 0 | 1;
  phone: string;
  idCard: string;
  gatIdCard: string;
  idCardUrl: string;
  isManageShops: 0 | 1;
  otherManage: string;
  otherPhone: string;
  parentLoginShopOwnerId?: number;
  owner: PickedUser[];
  shopName: string;
  shopAddress: string;
  longitude: number | null;
  latitude: number | null;
  area: string;
  year: string;
  personnel: string;
  stableMembes: string;
  backbonePhone: string;
  storeBrand: string;
  storeOutputValue: string;
  projectClass: number[];
  isBeatingClass: number[];
  relation?: string;
  serverIds: number[];
  adminUser: PickedUser[];
  pid: number | null;
  hasOldCustomer: 0 | 1;
  remark: string;
  businessLicensePhotos: string;
  contractPhotos: string;
  bankCardNumber: string;
  tlNumber: string;
  money: string;
  signTime: Dayjs | null;
  signing: string[];
  giveProject: string[];
  hasSign: boolean;
  signTimes: Dayjs | null;
  signItemUserIds: number[];
};

export const emptyStoreValues = (): StoreValues => ({
  name: '',
  sex: 0,
  phone: '',
  idCard: '',
  gatIdCard: '',
  idCardUrl: '',
  isManageShops: 0,
  otherManage: '',
  otherPhone: '',
  owner: [],
  shopName: '',
  shopAddress: '',
  longitude: null,
  latitude: null,
  area: '',
  year: '',
  personnel: '',
  stableMembes: '',
  backbonePhone: '',
  storeBrand: '',
  storeOutputValue: '',
  projectClass: [],
  isBeatingClass: [],
  serverIds: [],
  adminUser: [],
  pid: null,
  hasOldCustomer: 0,
  remark: '',
  businessLicensePhotos: '',
  contractPhotos: '',
  bankCardNumber: '',
  tlNumber: '',
  money: '',
  signTime: null,
  signing: [],
  giveProject: [],
  hasSign: false,
  signTimes: null,
  signItemUserIds: [],
});

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');
const csv = (list: (string | number)[] | undefined) => (list ?? []).join(',');
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The form's values as the shared schema and the server read them (spec 3.1). */
export function toStoreInput(raw: Record<string, unknown>): StoreFormValues & Record<string, unknown> {
  const v = raw as Partial<StoreValues>;
  return {
    parentLoginShopOwnerId: v.parentLoginShopOwnerId ?? null,
    name: v.name ?? '',
    sex: v.sex ?? 0,
    isManageShops: v.isManageShops ?? 0,
    otherManage: v.otherManage ?? '',
    otherPhone: v.otherPhone ?? '',
    phone: v.phone ?? '',
    idCard: v.idCard ?? '',
    gatIdCard: v.gatIdCard ?? '',
    shopName: v.shopName ?? '',
    tlNumber: v.tlNumber ?? '',
    shopAddress: v.shopAddress ?? '',
    area: text(v.area),
    year: text(v.year),
    personnel: text(v.personnel),
    stableMembes: text(v.stableMembes),
    backbonePhone: v.backbonePhone ?? '',
    projectClass: csv(v.projectClass),
    storeBrand: v.storeBrand ?? '',
    storeOutputValue: text(v.storeOutputValue),
    isBeatingClass: csv(v.isBeatingClass),
    signing: csv(v.signing),
    relation: v.relation ?? '',
    pid: v.pid ?? null,
    businessLicensePhotos: v.businessLicensePhotos ?? '',
    contractPhotos: v.contractPhotos ?? '',
    bankCardNumber: v.bankCardNumber ?? '',
    longitude: v.longitude ?? null,
    latitude: v.latitude ?? null,
    adminUserId: v.adminUser?.[0]?.userId ?? null,
    signTime: day(v.signTime),
    money: v.money ?? '',
    giveProject: csv(v.giveProject),
    hasOldCustomer: v.hasOldCustomer ?? 0,
    remark: v.remark ?? '',
    serverIds: csv(v.serverIds),
    idCardUrl: v.idCardUrl ?? '',
    hasSign: v.hasSign ?? false,
    signTimes: v.hasSign ? day(v.signTimes) : '',
    signItemUserIds: v.hasSign ? csv(v.signItemUserIds) : '',
  };
}

const ids = (csvText: unknown) =>
  String(csvText ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A loaded shop (queryShopOwnerById) as the form's values. */
export function fromDetail(d: StoreDetail): StoreValues {
  const r = d.record as Record<string, unknown>;
  const person = (userId: unknown, realname: string): PickedUser[] =>
    userId ? [{ userId: Number(userId), realname, img: '' }] : [];
  return {
    ...emptyStoreValues(),
    name: str(r.name),
    sex: Number(r.sex) === 1 ? 1 : 0,
    phone: str(r.phone),
    idCard: str(r.idCard),
    gatIdCard: str(r.gatIdCard),
    idCardUrl: str(r.idCardUrl),
    isManageShops: Number(r.isManageShops) === 1 ? 1 : 0,
    otherManage: str(r.otherManage),
    otherPhone: str(r.otherPhone),
    parentLoginShopOwnerId: r.parentLoginShopOwnerId ? Number(r.parentLoginShopOwnerId) : undefined,
    owner: person(r.ownerUserId, str(r.ownerUserName)),
    shopName: str(r.shopName),
    shopAddress: str(r.shopAddress),
    longitude: r.longitude === null || r.longitude === undefined ? null : Number(r.longitude),
    latitude: r.latitude === null || r.latitude === undefined ? null : Number(r.latitude),
    area: str(r.area),
    year: str(r.year),
    personnel: str(r.personnel),
    stableMembes: str(r.stableMembes),
    backbonePhone: str(r.backbonePhone),
    storeBrand: str(r.storeBrand),
    storeOutputValue: str(r.storeOutputValue),
    projectClass: ids(r.projectClass),
    isBeatingClass: ids(r.isBeatingClass),
    relation: str(r.relation) || undefined,
    serverIds: ids(r.serverIds),
    adminUser: person(r.adminUserId, d.adminUserName),
    pid: r.pid ? Number(r.pid) : null,
    hasOldCustomer: Number(r.hasOldCustomer) === 1 ? 1 : 0,
    remark: str(r.remark),
    businessLicensePhotos: str(r.businessLicensePhotos),
    contractPhotos: str(r.contractPhotos),
    bankCardNumber: str(r.bankCardNumber),
    tlNumber: str(r.tlNumber),
    money: r.money === null || r.money === undefined ? '' : Number(r.money).toFixed(2),
    signTime: r.signTime ? dayjs(String(r.signTime).slice(0, 10)) : null,
    signing: String(r.signing ?? '')
      .split(',')
      .filter(Boolean),
    giveProject: String(r.giveProject ?? '')
      .split(',')
      .filter(Boolean),
    hasSign: r.hasSign === true,
    signTimes: r.signTimes ? dayjs(String(r.signTimes).slice(0, 10)) : null,
    signItemUserIds: d.signUserIds.map((u) => u.userId),
  };
}
