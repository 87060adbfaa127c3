import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A centred message page: planned, not found, forbidden. */
export function StatusPage(props: {
  icon: ReactNode;
  title: string;
  heading?: string;
  text: string;
  action?: { label: string; to: string };
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6, px: 2 }} data-testid={props.testId}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'primary.light', '& svg': { fontSize: 48 } }}>{props.icon}</Box>
          {props.heading && (
            <Typography variant="overline" color="textSecondary">
              {props.heading}
            </Typography>
          )}
          <Typography variant="h5" component="h1">
            {props.title}
          </Typography>
          <Typography color="textSecondary">{props.text}</Typography>
          {props.action && (
            <Button component={RouterLink} to={props.action.to} variant="contained">
              {props.action.label}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
