/** What the map dialog answers: coordinates (Baidu BD09, as stored; null without a map) and the address. */
export type PickedPlace = { longitude: number | null; latitude: number | null; address: string };

export type MapPickerProps = {
  open: boolean;
  /** 16 for shops, 14 for customer addresses (spec 9). */
  zoom: number;
  /** The current place: the map centres on it. */
  value?: PickedPlace;
  onCancel: () => void;
  onConfirm: (place: PickedPlace) => void;
};
