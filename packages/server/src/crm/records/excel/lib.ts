/** exceljs, loaded on the first Excel call: it is large, and start-up should not pay for it. */
export const loadExcel = async () => (await import('exceljs')).default;
