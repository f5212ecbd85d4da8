// Fetches an export (a binary spreadsheet, not an envelope) with the bearer token and hands it to
// the browser as a download under the name the server gives in Content-Disposition.
import { errorCodeIn, type ApiError } from '../../state/api.js'
import { apiUrl } from '../../state/config.js'
import { filenameOf, saveFile } from '../../shared/file.download.js'

export type ExportRequest =
  | { readonly method: 'POST'; readonly path: '/api/Admin/ExportUserDataByRole'; readonly body: unknown; readonly language: string }
  | {
      readonly method: 'POST'
      readonly path: '/api/Admin/ExportStatistics'
      readonly body: unknown
      readonly params: Readonly<Record<string, string>>
      readonly language: string
    }
  | {
      readonly method: 'GET'
      readonly path: '/api/Admin/ExportMatchingTandemData' | '/api/Admin/ExportTeamsNeedingAttention'
      readonly params: Readonly<Record<string, string>>
      readonly language: string
    }

export type ExportResult = { readonly ok: true; readonly filename: string } | { readonly ok: false; readonly error: ApiError }

export { filenameOf }

export const downloadExport = async (
  request: ExportRequest,
  context: { readonly apiBaseUrl: string; readonly token: string | null },
): Promise<ExportResult> => {
  const query = new URLSearchParams({ ...('params' in request ? request.params : {}), language: request.language }).toString()
  const headers: Record<string, string> = { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' }
  if (context.token !== null) headers['authorization'] = `Bearer ${context.token}`
  if (request.method === 'POST') headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(`${apiUrl(context.apiBaseUrl, request.path)}?${query}`, {
      method: request.method,
      headers,
      ...(request.method === 'POST' ? { body: JSON.stringify(request.body) } : {}),
    })
  } catch {
    return { ok: false, error: { status: 0, errorCode: null } }
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { value?: unknown } | null
    return { ok: false, error: { status: response.status, errorCode: errorCodeIn(body), value: body?.value } }
  }
  const filename = filenameOf(response.headers.get('content-disposition'), 'tandem_export.xlsx')
  let file: Blob
  try {
    file = await response.blob()
  } catch {
    // the connection broke while the file came in: as a failed network, and nothing is saved
    return { ok: false, error: { status: 0, errorCode: null } }
  }
  saveFile(file, filename)
  return { ok: true, filename }
}
