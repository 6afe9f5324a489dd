export { LINK_PAGE_SIZE, linkPickerApi, type PickedRecord, recordDisplayName, toPicked } from './api';
export { LINK_TABLE_HEIGHT, RecordLinkPicker, type RecordLinkPickerProps } from './RecordLinkPicker';
export { RELATION_POPOVER_WIDTH, RelationPicker, type RelationPickerProps, useRecordNames } from './RelationPicker';
export { applyTick, clampPage, pageCount } from './selection';
