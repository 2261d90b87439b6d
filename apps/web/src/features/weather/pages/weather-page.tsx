import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Weather, WeatherHour } from '@harbor/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MAIN_PORTS } from '../../../shared/ports/ports.ts';
import { useSelectedPort } from '../../../shared/ports/selected-port.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useWeather } from '../api/weather-api.ts';

const WeatherChart = lazy(() => import('../components/weather-chart.tsx'));

const COLUMNS = ['time', 'temperature', 'wind', 'windDirection', 'gust', 'humidity', 'pressure', 'water', 'rain', 'uv'] as const;
const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** A missing figure stays visibly missing (a dash), never a zero. */
const num = (v: number | null, digits = 1) => (v === null ? '–' : v.toFixed(digits));

function cells(h: WeatherHour, time: string): string[] {
  const dir = h.windDirectionDeg === null ? '–' : `${COMPASS[Math.round(h.windDirectionDeg / 45) % 8]} ${Math.round(h.windDirectionDeg)}°`;
  return [time, num(h.temperatureC), num(h.windSpeedMs), dir, num(h.windGustMs), num(h.humidityPct, 0), num(h.pressureHpa, 0), num(h.waterTemperatureC), num(h.rainMm), num(h.uvIndex)];
}

function SunTimes({ weather, clock }: { weather: Weather; clock: (iso: string) => string }) {
  const { t } = useTranslation('weather');
  const { sunrise, sunset } = weather.sun;
  return (
    <Box data-testid="sun-times" sx={{ display: 'flex', gap: 3, my: 2 }}>
      <Typography>{t('sunrise', { time: sunrise ? clock(sunrise) : t('noSunEvent') })}</Typography>
      <Typography>{t('sunset', { time: sunset ? clock(sunset) : t('noSunEvent') })}</Typography>
    </Box>
  );
}

function Forecast({ weather, clock }: { weather: Weather; clock: (iso: string) => string }) {
  const { t } = useTranslation('weather');
  const times = weather.hours.map((h) => clock(h.time));
  return (
    <>
      <Box data-testid="weather-chart" sx={{ minHeight: 240 }}>
        <Suspense fallback={<Typography color="text.secondary">{t('chartLoading')}</Typography>}>
          <WeatherChart
            hours={weather.hours}
            times={times}
            labels={{ temperature: t('columns.temperature'), water: t('columns.water'), wind: t('columns.wind'), gust: t('columns.gust') }}
          />
        </Suspense>
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('tableLabel')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c}>{t(`columns.${c}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {weather.hours.map((h, i) => (
              <TableRow key={h.time} data-testid="weather-row">
                {cells(h, times[i]!).map((v, j) => (
                  <TableCell key={COLUMNS[j]}>{v}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {weather.provider === 'open-meteo' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('credit')}
        </Typography>
      )}
    </>
  );
}

/** The chosen port's 12-hour forecast (`?port=` or the top bar's port) with sunrise and sunset in the port's local time. */
export function WeatherPage() {
  const { t, i18n } = useTranslation('weather');
  const [params] = useSearchParams();
  const selected = useSelectedPort();
  const port = params.get('port')?.toUpperCase() || selected;
  const { data: weather, isPending, isError } = useWeather(port);
  const portName = weather?.port.name ?? MAIN_PORTS.find((p) => p.code === port)?.name ?? port;
  // Times in the port's own zone (the forecast is read for that place, wherever the reader is), on the 24-hour clock of nautical use.
  const fmt = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: weather?.port.timezone ?? undefined });
  const clock = (iso: string) => fmt.format(new Date(iso));
  return (
    <Page title={t('title')} maxWidth="lg">
      <Typography variant="h6" component="h2">
        {t('forPort', { port: portName })}
      </Typography>
      {weather?.port.timezone && (
        <Typography variant="body2" color="text.secondary">
          {t('timeZone', { zone: weather.port.timezone })}
        </Typography>
      )}
      {isPending && <CircularProgress aria-label={t('loading')} sx={{ my: 2 }} />}
      {isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {weather && (
        <>
          <SunTimes weather={weather} clock={clock} />
          {weather.available ? (
            <Forecast weather={weather} clock={clock} />
          ) : (
            <Alert severity="warning" data-testid="weather-unavailable">
              <AlertTitle>{t('unavailable.title')}</AlertTitle>
              {t(`unavailable.${weather.reason ?? 'unreachable'}`)}
            </Alert>
          )}
        </>
      )}
    </Page>
  );
}
