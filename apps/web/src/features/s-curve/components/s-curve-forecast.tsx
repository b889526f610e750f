import { formatIsoDate } from '@cimiento/domain';
import type { SCurveForecast } from '@cimiento/domain';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
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
  children,
}: {
  testId: string;
  name: string;
  value: string;
  color?: string;
  meaning: string;
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 220 }} data-testid={testId}>
      <Typography variant="overline" color="text.secondary">
        {name}
      </Typography>
      <Typography variant="h5" sx={{ color, fontWeight: 600 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {meaning}
      </Typography>
      {children}
    </Paper>
  );
}

/** A smaller figure inside the EAC card (ETC, VAC), with its sentence. */
function SubFigure({
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
    <Stack spacing={0.25} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
        <Typography variant="overline" color="text.secondary">
          {name}
        </Typography>
        <Typography variant="subtitle1" sx={{ color, fontWeight: 600 }}>
          {value}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {meaning}
      </Typography>
    </Stack>
  );
}

/**
 * Issue 33, the forecast's cards under SPI and CPI: the estimated finish, its difference with the
 * baseline in working days, and EAC with ETC and VAC (when the latest cut-off has an actual cost),
 * each with what it means in one sentence.
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
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'stretch' } }}>
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
      >
        {forecast.etc !== null && forecast.vac !== null && vac !== undefined && (
          <>
            <Divider sx={{ my: 1 }} />
            <Stack spacing={1}>
              <SubFigure
                testId="s-curve-etc"
                name={t('sCurve.etc')}
                value={formatCurveAmount(forecast.etc, curve)}
                meaning={t('sCurve.etcMeaning')}
              />
              <SubFigure
                testId="s-curve-vac"
                name={t('sCurve.vac')}
                value={formatCurveAmount(forecast.vac, curve)}
                color={vac === 'over' ? 'error.main' : vac === 'under' ? 'success.main' : 'text.primary'}
                meaning={t(`sCurve.vacMeaning.${vac}`)}
              />
            </Stack>
          </>
        )}
      </ForecastCard>
    </Stack>
  );
}
