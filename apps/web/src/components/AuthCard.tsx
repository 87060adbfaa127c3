import LocalTaxiIcon from '@mui/icons-material/LocalTaxi';
import { Avatar, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { MSG } from '@taxi/shared';
import type { ReactNode } from 'react';
import { CHROME } from '../app/theme';
import { LanguageLinks } from './LanguageLinks';

/** The frame of the public pages (login, password reset): product title above a card. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `linear-gradient(160deg, ${CHROME.deep} 0%, ${CHROME.bar} 45%, ${theme.palette.background.default} 45.1%)`,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={6}>
        <CardContent sx={{ p: 4 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
              <LocalTaxiIcon />
            </Avatar>
            <Box>
              <Typography variant="h6" component="h1" sx={{ lineHeight: 1.2 }}>
                {MSG.appTitle}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {MSG.appSubtitle}
              </Typography>
            </Box>
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: subtitle ? 0.5 : 2 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
          <LanguageLinks />
        </CardContent>
      </Card>
    </Box>
  );
}
