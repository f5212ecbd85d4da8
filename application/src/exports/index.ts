// The administrator's spreadsheet exports (docs/product.md#constants), streamed with exceljs' WorkbookWriter.
export { exportService, tandemDataSpreadsheet, userDataSpreadsheet } from './export.service.js'
export { FILE_PREFIX, teamDataFilename, userDataFilename, HEADERS, SHEETS, SIDE_LABEL } from './export.labels.js'
export { writeSheet, type SheetColumn } from './sheet.writer.js'
