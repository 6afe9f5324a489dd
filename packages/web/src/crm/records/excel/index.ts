export { ExcelActions, type ExcelActionsProps } from './ExcelActions';
