import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { TSurveyResultQuestion } from '@portal/contract';

/**
 * The bar chart of one question's answers, drawn with Recharts (SVG). Loaded lazily by the results page, so
 * the chart library lands in the console's results chunk only. The chart is decoration for sighted readers:
 * it is hidden from assistive technology, and the table beside it (results-page.tsx) carries the same figures.
 */
export default function ResultsChart({ question }: { question: TSurveyResultQuestion }) {
  const data = question.bars.map((b) => ({ name: question.kind === 'choice' ? b.label : String(b.value), count: b.count }));
  const horizontal = question.kind === 'choice';
  const height = horizontal ? Math.max(120, data.length * 36 + 40) : 220;
  return (
    <div aria-hidden="true" className="w-full" style={{ height }} data-testid="results-chart">
      <ResponsiveContainer width="100%" height="100%">
        {horizontal ? (
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 32, bottom: 4, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} tick={{ fill: '#334155', fontSize: 12 }} />
            <YAxis type="category" dataKey="name" width={120} tick={{ fill: '#0f172a', fontSize: 13 }} />
            <Bar dataKey="count" fill="#1d4ed8" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              <LabelList dataKey="count" position="right" fill="#0f172a" fontSize={12} />
            </Bar>
          </BarChart>
        ) : (
          <BarChart data={data} margin={{ top: 20, right: 8, bottom: 4, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="name" tick={{ fill: '#0f172a', fontSize: 13 }} />
            <YAxis allowDecimals={false} tick={{ fill: '#334155', fontSize: 12 }} />
            <Bar dataKey="count" fill={question.kind === 'scale' ? '#b45309' : '#1d4ed8'} radius={[4, 4, 0, 0]} isAnimationActive={false}>
              <LabelList dataKey="count" position="top" fill="#0f172a" fontSize={12} />
            </Bar>
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
