export { saveExamineFields } from './api';
export { type DesignedCategory, FieldDesigner } from './FieldDesigner';
export { formTypeNames } from './messages';
