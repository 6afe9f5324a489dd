import './table.css';

export { CellLines } from './CellLines';
export { type RowAction, RowActions } from './RowActions';
