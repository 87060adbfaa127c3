import { Alert, Box, Typography } from '@mui/material';
import { MAP_EDITOR_UI } from '@taxi/shared';

export interface FeatureProblems {
  id: string;
  name: string;
  messages: string[];
}

/** What keeps features from being saved: the shared rules' findings, then the server's refusals. */
export function ProblemsList({ problems, refused }: { problems: FeatureProblems[]; refused: FeatureProblems[] }) {
  if (problems.length === 0 && refused.length === 0) return null;
  const lines = (list: FeatureProblems[]) =>
    list.flatMap((p) => p.messages.map((m) => <li key={`${p.id}:${m}`}>{MAP_EDITOR_UI.problem(p.name, m)}</li>));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {problems.length > 0 && (
        <Alert severity="warning" data-testid="map-editor-problems">
          <Typography variant="body2" component="p" sx={{ fontWeight: 700 }}>
            {MAP_EDITOR_UI.problems}
          </Typography>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
            {lines(problems)}
          </Box>
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert severity="error" data-testid="map-editor-refused">
          <Typography variant="body2" component="p" sx={{ fontWeight: 700 }}>
            {MAP_EDITOR_UI.notSaved}
          </Typography>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
            {lines(refused)}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
