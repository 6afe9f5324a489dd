export { StoreFormPanel, type StoreFormPanelProps } from './StoreFormPanel';
