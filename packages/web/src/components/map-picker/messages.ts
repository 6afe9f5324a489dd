import { StoreMsg } from '@crm/shared';
import { defineMessages } from '@/i18n';

/** The map dialog of the shop and customer forms. */
export const useMapMessages = defineMessages({
  zh: {
    title: '选择地址',
    search: '搜索地点',
    searchButton: '搜索',
    noResult: '没有找到该地点',
    clickTip: '在地图上点击选择位置',
    picked: '已选位置',
    unavailable: StoreMsg.mapUnavailable,
    province: '省',
    city: '市',
    district: '区/县',
    detail: '详细地址',
    detailTips: '街道、门牌号',
    addressRequired: '请选择省市区并填写详细地址',
    pickRequired: '请在地图上点击选择位置',
    confirm: '确定',
    cancel: '取消',
    loading: '加载中…',
  },
  en: {
    title: 'Choose an address',
    search: 'Search a place',
    searchButton: 'Search',
    noResult: 'No place found',
    clickTip: 'Click on the map to choose the position',
    picked: 'Chosen position',
    unavailable: 'The map is unavailable: choose the province, city and district and type the address',
    province: 'Province',
    city: 'City',
    district: 'District',
    detail: 'Street address',
    detailTips: 'Street and number',
    addressRequired: 'Choose the province, city and district and type the address',
    pickRequired: 'Click on the map to choose a position',
    confirm: 'OK',
    cancel: 'Cancel',
    loading: 'Loading…',
  },
});
