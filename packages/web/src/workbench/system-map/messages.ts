import { LocationMsg, Msg } from '@crm/shared';
import { defineMessages } from '@/i18n';

export const useMapMessages = defineMessages({
  zh: {
    type: '类型',
    chooseType: '请选择类型',
    name: '姓名',
    searchName: '搜索姓名（或拼音）',
    date: '日期',
    positions: '位置记录',
    noPositions: LocationMsg.noPositions,
    chooseFirst: '选择类型和人员后查看当天的位置',
    mapUnavailable: '地图暂不可用（未配置地图服务或无法加载地图图层），下面是无底图的轨迹示意，位置列表仍可查看',
    routeTitle: '当天轨迹示意（无底图，按时间编号）',
    coordinates: '经度 {lng}，纬度 {lat}',
    noData: Msg.noData,
  },
  en: {
    type: 'Type',
    chooseType: 'Choose a type',
    name: 'Name',
    searchName: 'Search a name (or pinyin)',
    date: 'Date',
    positions: 'Positions',
    noPositions: 'This person uploaded no location on the chosen date',
    chooseFirst: 'Choose a type and a person to see their day',
    mapUnavailable:
      'The map is unavailable (no map service, or its tiles cannot load); below is the route without a map, and the list still works',
    routeTitle: "The day's route without a map (numbered by time)",
    coordinates: 'Longitude {lng}, latitude {lat}',
    noData: 'No data found',
  },
});
