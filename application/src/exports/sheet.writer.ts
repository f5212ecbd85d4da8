// Writes one worksheet straight into a stream with exceljs' streaming WorkbookWriter: every row is
// committed (zipped and flushed) as soon as it is added, so memory does not grow with the row count.
import ExcelJS from 'exceljs'

/** A column; `numFmt` is the Excel number format of its date cells. */
export type SheetColumn = { readonly header: string; readonly width: number; readonly numFmt?: string }

export type CellValue = string | number | Date

/** Rows between yields to the event loop, letting the response drain (backpressure). */
const YIELD_EVERY = 250

const drained = (out: NodeJS.WritableStream): Promise<void> => {
  const writable = out as NodeJS.WritableStream & { writableNeedDrain?: boolean }
  if (writable.writableNeedDrain !== true) return new Promise((resolve) => setImmediate(resolve))
  return new Promise((resolve) => out.once('drain', () => resolve()))
}

export const writeSheet = async (
  out: NodeJS.WritableStream,
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: Iterable<readonly CellValue[]> | AsyncIterable<readonly CellValue[]>,
  /** Who made the export: the workbook's author, so a copy found later names the administrator. */
  exportedBy: string,
): Promise<number> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out as unknown as import('node:stream').Stream,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.creator = `Tandem, exported by ${exportedBy}`
  workbook.lastModifiedBy = exportedBy
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((c, i) => ({ key: `c${i}`, header: c.header, width: c.width }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  let count = 0
  for await (const row of rows) {
    const added = sheet.addRow([...row])
    row.forEach((value, i) => {
      const numFmt = columns[i]?.numFmt
      if (value instanceof Date && numFmt !== undefined) added.getCell(i + 1).numFmt = numFmt
    })
    added.commit()
    count += 1
    if (count % YIELD_EVERY === 0) await drained(out)
  }
  sheet.commit()
  await workbook.commit()
  return count
}
