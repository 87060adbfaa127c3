import { Box } from '@mui/material';
import { type CandidateScore, DISPATCH_UI } from '@taxi/shared';
import { formatSigned } from '../../../i18n/format';
import { PART_KEYS } from './model';

/** The parts of the score as small labelled values (seconds-equivalent). */
export function ScoreParts({ candidate: c }: { candidate: Pick<CandidateScore, 'parts' | 'station_queue'> }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} data-testid="score-parts">
      {PART_KEYS.map(([label, part]) => (
        <Part
          key={part}
          label={DISPATCH_UI.parts[label]}
          help={DISPATCH_UI.partHelp[label]}
          value={DISPATCH_UI.seconds(isolated(part === 'eta' ? String(c.parts.eta) : formatSigned(c.parts[part])))}
          tone={part === 'eta' ? 0 : c.parts[part]}
          testId={`part-${part}`}
        />
      ))}
      {c.station_queue !== null && (
        <Part
          label={DISPATCH_UI.parts.stationQueue}
          help={DISPATCH_UI.partHelp.stationQueue}
          value={String(c.station_queue)}
          tone={0}
          testId="part-station_queue"
        />
      )}
    </Box>
  );
}

interface PartProps {
  label: string;
  help: string;
  value: string;
  /** Below zero a bonus (green), above a penalty (amber). */
  tone: number;
  testId: string;
}

function Part({ label, help, value, tone, testId }: PartProps) {
  const color = tone < 0 ? 'success.main' : tone > 0 ? 'warning.main' : 'text.primary';
  return (
    <Box
      component="span"
      title={help}
      data-testid={testId}
      sx={{
        display: 'inline-flex',
        alignItems: 'baseline',
        gap: 0.5,
        px: 0.75,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        // The page's surface even on a selected row: the colours keep their contrast (AA) on it.
        bgcolor: 'background.paper',
        fontSize: 11.5,
        lineHeight: 1.6,
      }}
    >
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 600, color }}>
        {value}
      </Box>
    </Box>
  );
}

/** A number kept whole and in reading order in a right-to-left line ("+38", not "38+"). */
const isolated = (value: string) => `\u2066${value}\u2069`;
