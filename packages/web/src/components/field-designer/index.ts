export { type FieldTarget, saveCrmFields, saveExamineFields, saveFields } from './api';
export { type DesignedCategory, type DesignedFields, FieldDesigner } from './FieldDesigner';
export { formTypeName, formTypeNames } from './messages';
