export { MapPickerDialog } from './MapPickerDialog';
export type { MapPickerProps, PickedPlace } from './types';
