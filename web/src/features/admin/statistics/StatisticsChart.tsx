// One chart of the statistics page, drawn with recharts as SVG (sharp in print and in the PNG).
// Animations are off: the picture is final at once, for printing and for the PNG download.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { ChartView } from './statistics.view.js'

const WIDTH = 720

export const StatisticsChart = ({ view }: { readonly view: ChartView }) => {
  // Many or long category names read better as horizontal bars.
  const horizontal = view.kind === 'bar' && (view.data.length > 8 || view.data.some((d) => d.label.length > 24))
  const height = horizontal ? Math.max(240, 28 * view.data.length + 80) : 300
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
            <YAxis type="category" dataKey="label" width={260} interval={0} tick={{ fontSize: 12 }} />
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
