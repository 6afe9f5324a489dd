export { DEPT_POPOVER_WIDTH, DeptPicker, type DeptPickerProps } from './DeptPicker';
