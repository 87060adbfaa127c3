import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { FareQuoteDto } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { formatEuros, formatKm, formatNumber } from '../../i18n/format';

/** The "why this price" lines of a quote: tariff parts, then each price rule that changed the price. */
export function FareBreakdown({ quote, dense = true }: { quote: FareQuoteDto; dense?: boolean }) {
  const { t } = useTranslation();
  const label = (line: FareQuoteDto['lines'][number]): string => {
    switch (line.kind) {
      case 'base':
        return t('Base fare ({{season}})', { season: t(quote.season) });
      case 'distance':
        return t('Distance {{km}}', { km: formatKm(quote.metres) });
      case 'time':
        return t('Time {{minutes}} min', { minutes: formatNumber(Math.round(quote.seconds / 60)) });
      case 'waiting':
        return t('Waiting');
      case 'minimum':
        return t('Up to the minimum fare');
      case 'voucher':
        return t('Voucher {{code}}', { code: line.name ?? '' });
      case 'destination':
        return t('Seasonal destination {{name}}', { name: line.name ?? '' });
      default:
        return t('Rule: {{name}}', { name: dataLabel(line.name) });
    }
  };
  return (
    <List dense={dense} disablePadding aria-label={t('Why this price')}>
      {quote.lines.map((line, i) => (
        <ListItem key={`${line.kind}-${line.rule_id ?? i}`} disableGutters sx={{ py: 0 }}>
          <ListItemText primary={label(line)} slotProps={{ primary: { variant: 'body2' } }} />
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', ms: 2 }} dir="ltr">
            {line.cents >= 0 && i > 0 ? '+' : ''}
            {formatEuros(line.cents / 100)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
