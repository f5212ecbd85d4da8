// A chart's picture as a PNG: the chart's SVG drawn onto a canvas (white background, twice the
// size for sharpness) in the browser, so the download looks like the page.
const SCALE = 2

export const svgToPng = async (svg: SVGSVGElement): Promise<Blob> => {
  const { width, height } = svg.getBoundingClientRect()
  const copy = svg.cloneNode(true) as SVGSVGElement
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  copy.setAttribute('width', String(width))
  copy.setAttribute('height', String(height))
  const source = new XMLSerializer().serializeToString(copy)
  const image = new Image()
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve()
    image.onerror = () => reject(new Error('the chart could not be drawn'))
  })
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`
  await loaded
  const canvas = document.createElement('canvas')
  canvas.width = Math.ceil(width * SCALE)
  canvas.height = Math.ceil(height * SCALE)
  const context = canvas.getContext('2d')
  if (context === null) throw new Error('no canvas')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.scale(SCALE, SCALE)
  context.drawImage(image, 0, 0, width, height)
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob === null ? reject(new Error('no PNG')) : resolve(blob)), 'image/png'),
  )
}
