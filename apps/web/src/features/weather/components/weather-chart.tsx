import { LineChart } from '@mui/x-charts/LineChart';
import type { WeatherHour } from '@harbor/contracts';

export interface WeatherChartLabels {
  temperature: string;
  water: string;
  wind: string;
  gust: string;
}

/** Temperatures and wind over the 12 hours; loaded lazily (the charts library is too big for the route's first chunk). */
export default function WeatherChart({ hours, times, labels }: { hours: WeatherHour[]; times: string[]; labels: WeatherChartLabels }) {
  const xAxis = [{ scaleType: 'point' as const, data: times }];
  return (
    <>
      <LineChart
        height={240}
        xAxis={xAxis}
        series={[
          { data: hours.map((h) => h.temperatureC), label: labels.temperature, curve: 'linear', connectNulls: false },
          { data: hours.map((h) => h.waterTemperatureC), label: labels.water, curve: 'linear', connectNulls: false },
        ]}
      />
      <LineChart
        height={240}
        xAxis={xAxis}
        series={[
          { data: hours.map((h) => h.windSpeedMs), label: labels.wind, curve: 'linear' },
          { data: hours.map((h) => h.windGustMs), label: labels.gust, curve: 'linear' },
        ]}
      />
    </>
  );
}
