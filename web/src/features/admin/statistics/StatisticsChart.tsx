// One chart of the statistics page, drawn with recharts as SVG (sharp in print and in the PNG).
// Animations are off: the picture is final at once, for printing and for the PNG download.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { ChartView } from './statistics.view.js'

const WIDTH = 720
/** Height per category of a horizontal bar chart: its label never runs into the next one. */
const ROW_HEIGHT = 36
const CHARACTER_WIDTH = 7

export const StatisticsChart = ({ view }: { readonly view: ChartView }) => {
  // Many or long category names read better as horizontal bars (the decline reasons always: each
  // is a side and a sentence); such a chart grows with its categories.
  const longest = Math.max(0, ...view.data.map((d) => d.label.length))
  const horizontal = view.kind === 'bar' && (view.chart === 'declineReasons' || view.data.length > 8 || longest > 24)
  const height = horizontal ? Math.max(160, ROW_HEIGHT * view.data.length + 80) : 300
  const labelWidth = Math.min(360, Math.max(120, longest * CHARACTER_WIDTH + 16))
  if (view.kind === 'line')
    return (
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: WIDTH, height }}>
        <LineChart data={[...view.data]} accessibilityLayer={false} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis />
          <Tooltip />
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
      <BarChart
        data={[...view.data]}
        layout={horizontal ? 'vertical' : 'horizontal'}
        accessibilityLayer={false}
        margin={{ top: 8, right: 24, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        {horizontal ? (
          <>
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={labelWidth} interval={0} tick={{ fontSize: 12 }} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" interval={0} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} />
          </>
        )}
        <Tooltip />
        {view.series.length > 1 && <Legend />}
        {view.series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
