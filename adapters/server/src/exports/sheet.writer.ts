// Writes one worksheet straight into a stream with exceljs' streaming WorkbookWriter: every row is
// committed (zipped and flushed) as soon as it is added, so memory does not grow with the row count.
import ExcelJS from 'exceljs'

export type SheetColumn = { readonly header: string; readonly width: number }

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
  rows: Iterable<readonly (string | number)[]>,
): Promise<number> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as unknown as import('node:stream').Stream, useStyles: true, useSharedStrings: false })
  workbook.creator = 'Tandem'
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((c, i) => ({ key: `c${i}`, header: c.header, width: c.width }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  let count = 0
  for (const row of rows) {
    sheet.addRow([...row]).commit()
    count += 1
    if (count % YIELD_EVERY === 0) await drained(out)
  }
  sheet.commit()
  await workbook.commit()
  return count
}
