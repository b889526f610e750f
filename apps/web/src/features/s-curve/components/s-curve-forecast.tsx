import { formatIsoDate } from '@cimiento/domain';
import type { SCurveForecast } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SCurveOutput } from '../api/s-curve';
import { formatCurveAmount, formatFinishVariance, readFinishVariance, readVac } from '../utils/s-curve-data';

/** One card: its name, its figure and what it means in one sentence. */
function ForecastCard({
  testId,
  name,
  value,
  color = 'text.primary',
  meaning,
}: {
  testId: string;
  name: string;
  value: string;
  color?: string;
  meaning: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="overline" color="text.secondary">
        {name}
      </Typography>
      <Typography variant="h5" sx={{ color, fontWeight: 600 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {meaning}
      </Typography>
    </Paper>
  );
}

/**
 * Issue 33, the forecast's cards under SPI and CPI: the estimated finish, its difference with the
 * baseline in working days, EAC, and ETC and VAC with it (when the latest cut-off has an actual
 * cost), each with what it means in one sentence; as many to a row as fit (one under the other on a
 * phone).
 */
export function SCurveForecastCards({
  curve,
  forecast,
}: {
  curve: Pick<SCurveOutput, 'basis' | 'currency'>;
  forecast: SCurveForecast;
}) {
  const { t } = useTranslation();
  const variance = readFinishVariance(forecast.finishVariance);
  const varianceColor = variance === 'late' ? 'error.main' : variance === 'ahead' ? 'success.main' : 'text.primary';
  const vac = forecast.vac === null ? undefined : readVac(forecast.vac);
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(190px, 1fr))' } }}
    >
      <ForecastCard
        testId="s-curve-finish"
        name={t('sCurve.estimatedFinish')}
        value={formatIsoDate(forecast.finish)}
        meaning={t('sCurve.estimatedFinishMeaning')}
      />
      <ForecastCard
        testId="s-curve-finish-variance"
        name={t('sCurve.finishVariance')}
        value={
          forecast.finishVariance === null
            ? formatFinishVariance(null)
            : t('sCurve.finishVarianceValue', { value: formatFinishVariance(forecast.finishVariance) })
        }
        color={varianceColor}
        meaning={t(`sCurve.finishVarianceMeaning.${variance}`, { count: Math.abs(forecast.finishVariance ?? 0) })}
      />
      <ForecastCard
        testId="s-curve-eac"
        name={t('sCurve.eac')}
        value={forecast.eac === null ? '—' : formatCurveAmount(forecast.eac, curve)}
        meaning={
          forecast.eac === null
            ? t(`sCurve.estimateMissing.${curve.basis === 'duration' ? 'duration' : 'cost'}`)
            : t('sCurve.eacMeaning')
        }
      />
      {forecast.etc !== null && (
        <ForecastCard
          testId="s-curve-etc"
          name={t('sCurve.etc')}
          value={formatCurveAmount(forecast.etc, curve)}
          meaning={t('sCurve.etcMeaning')}
        />
      )}
      {forecast.vac !== null && vac !== undefined && (
        <ForecastCard
          testId="s-curve-vac"
          name={t('sCurve.vac')}
          value={formatCurveAmount(forecast.vac, curve)}
          color={vac === 'over' ? 'error.main' : vac === 'under' ? 'success.main' : 'text.primary'}
          meaning={t(`sCurve.vacMeaning.${vac}`)}
        />
      )}
    </Box>
  );
}
