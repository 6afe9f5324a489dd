export { mapConfigured, useMapConfig } from './config';
export { MapPickerDialog } from './MapPickerDialog';
export type { MapPickerProps, PickedPlace } from './types';
