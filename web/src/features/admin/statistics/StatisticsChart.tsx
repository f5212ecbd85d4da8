// One chart of the statistics page, drawn with recharts as SVG (sharp in print and in the PNG).
// Animations are off: the picture is final at once, for printing and for the PNG download.
// A hidden group (fewer than 5 people) is drawn as a dashed stub marked "< 5", never as an empty
// place that reads as zero; both axes carry a title; at phone width every bar chart is horizontal
// with its labels wrapped in a narrow column (docs/admin.md#statistics).
import { useSyncExternalStore } from 'react'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Rectangle, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { BarShapeProps } from 'recharts'
import { hiddenKey, type ChartView } from './statistics.view.js'

const WIDTH = 720
/** Height per category of a horizontal bar chart: its label never runs into the next one. */
const ROW_HEIGHT = 36
/** At phone width a label may wrap onto three lines. */
const NARROW_ROW_HEIGHT = 48
const CHARACTER_WIDTH = 7
/** The width of the label column at phone width: the bars keep the larger part. */
const NARROW_LABEL_WIDTH = 112
/** The thickness of a hidden group's stub. */
const STUB = 14
const PHONE = '(max-width: 599px)'

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
/** Whether the page is as narrow as a phone. */
export const useNarrow = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  )

/** A bar, or for a hidden group a dashed stub from the base line with its mark ("< 5") beside it. */
const barShape = (key: string, horizontal: boolean) => {
  const Shape = (props: BarShapeProps) => {
    const mark = (props.payload as Readonly<Record<string, unknown>> | undefined)?.[hiddenKey(key)]
    const { x = 0, y = 0, width = 0, height = 0, fill } = props
    if (typeof mark !== 'string') return <Rectangle {...props} />
    const stub = horizontal
      ? { x, y, width: STUB, height, textX: x + STUB + 4, textY: y + height / 2, anchor: 'start' as const }
      : { x, y: y - STUB, width, height: STUB, textX: x + width / 2, textY: y - STUB - 4, anchor: 'middle' as const }
    return (
      <g data-hidden-group="">
        <rect
          x={stub.x}
          y={stub.y}
          width={stub.width}
          height={stub.height}
          fill="none"
          stroke={fill}
          strokeWidth={1.5}
          strokeDasharray="3 2"
        />
        <text
          x={stub.textX}
          y={stub.textY}
          textAnchor={stub.anchor}
          dominantBaseline={horizontal ? 'central' : 'auto'}
          fontSize={11}
          fill="#424242"
        >
          {mark}
        </text>
      </g>
    )
  }
  return Shape
}

/** The chart's data as recharts draws it: a hidden group's value is its base line, its stub drawn by the shape. */
const drawn = (view: ChartView) =>
  view.data.map((d) => {
    const entry: Record<string, unknown> = { ...d }
    for (const s of view.series) if (typeof d[hiddenKey(s.key)] === 'string') entry[s.key] = 0
    return entry
  })

export const StatisticsChart = ({ view }: { readonly view: ChartView }) => {
  const narrow = useNarrow()
  // Many or long category names read better as horizontal bars (the decline reasons always: each
  // is a side and a sentence; at phone width every bar chart); such a chart grows with its categories.
  const longest = Math.max(0, ...view.data.map((d) => d.label.length))
  const horizontal = view.kind === 'bar' && (narrow || view.chart === 'declineReasons' || view.data.length > 8 || longest > 24)
  const rowHeight = narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT
  const height = horizontal ? Math.max(180, rowHeight * view.data.length + 100) : 320
  const labelWidth = narrow ? NARROW_LABEL_WIDTH : Math.min(360, Math.max(120, longest * CHARACTER_WIDTH + 16))
  const margin = narrow ? { top: 8, right: 32, bottom: 16, left: 4 } : { top: 8, right: 32, bottom: 16, left: 16 }
  const axisTitle = { fontSize: 12, fill: '#424242' }
  const categoryTitle = { value: view.axes.category, ...axisTitle }
  const valueTitle = { value: view.axes.value, ...axisTitle }
  const tooltip = (
    <Tooltip
      formatter={(value, name, item) => {
        const mark = (item.payload as Record<string, unknown> | undefined)?.[hiddenKey(String(item.dataKey))]
        return [typeof mark === 'string' ? mark : value, name]
      }}
    />
  )
  if (view.kind === 'line')
    return (
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: WIDTH, height }}>
        <LineChart data={drawn(view)} accessibilityLayer={false} margin={margin}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" height={48} minTickGap={16} label={{ ...categoryTitle, position: 'insideBottom' }} />
          <YAxis width={56} label={{ ...valueTitle, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle' } }} />
          {tooltip}
          <Legend />
          {view.series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
              connectNulls={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    )
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: WIDTH, height }}>
      <BarChart data={drawn(view)} layout={horizontal ? 'vertical' : 'horizontal'} accessibilityLayer={false} margin={margin}>
        <CartesianGrid strokeDasharray="3 3" />
        {horizontal ? (
          <>
            <XAxis
              type="number"
              allowDecimals={false}
              height={48}
              tickCount={narrow ? 3 : 5}
              minTickGap={12}
              label={{ ...valueTitle, position: 'insideBottom' }}
            />
            <YAxis
              type="category"
              dataKey="label"
              width={labelWidth}
              interval={0}
              tick={{ fontSize: narrow ? 11 : 12 }}
              label={{ ...categoryTitle, position: 'insideTopLeft', offset: 0, dy: -8 }}
            />
          </>
        ) : (
          <>
            <XAxis
              dataKey="label"
              interval={0}
              height={48}
              tick={{ fontSize: 12 }}
              label={{ ...categoryTitle, position: 'insideBottom' }}
            />
            <YAxis
              allowDecimals={false}
              width={56}
              label={{ ...valueTitle, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle' } }}
            />
          </>
        )}
        {tooltip}
        {view.series.length > 1 && <Legend />}
        {view.series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} shape={barShape(s.key, horizontal)} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
